import net from 'node:net';
import type { IngestDeps } from './ingest-deps.ts';
import { TeltonikaConnection } from './teltonika-connection.ts';

export interface TcpLimits {
  /** Largest declared AVL data length accepted (checked before the body is buffered). */
  maxDataLength: number;
  /** Open connections allowed from one address; devices behind a carrier's NAT share addresses. */
  maxConnectionsPerAddress: number;
  /** A connection must log in with its IMEI within this time. */
  loginTimeoutMs: number;
  /** A frame that has started must be complete within this time (a trickling sender is closed). */
  frameTimeoutMs: number;
  /** A connection that sends nothing for this long is closed. */
  idleTimeoutMs: number;
}

export const DEFAULT_TCP_LIMITS: TcpLimits = {
  maxDataLength: 64 * 1024,
  maxConnectionsPerAddress: 5000,
  loginTimeoutMs: 30_000,
  frameTimeoutMs: 60_000,
  idleTimeoutMs: 15 * 60_000,
};

/** The Teltonika TCP listener: one TeltonikaConnection per device, limits enforced by one sweep. */
export function teltonikaTcpServer(deps: IngestDeps, limits: TcpLimits = DEFAULT_TCP_LIMITS) {
  const connections = new Set<TeltonikaConnection>();
  const perAddress = new Map<string, number>();

  const server = net.createServer({ noDelay: true }, (socket) => {
    const address = socket.remoteAddress ?? '';
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      deps.stats.closed('address-limit');
      socket.destroy();
      return;
    }
    perAddress.set(address, open + 1);
    deps.stats.connectionsOpen += 1;
    deps.stats.connectionsTotal += 1;
    const conn = new TeltonikaConnection(socket, deps, limits.maxDataLength);
    connections.add(conn);
    socket.on('error', () => conn.close('socket-error'));
    socket.on('end', () => conn.close('peer-closed'));
    socket.on('close', () => {
      conn.close('peer-closed');
      connections.delete(conn);
      deps.stats.connectionsOpen -= 1;
      const n = (perAddress.get(address) ?? 1) - 1;
      if (n <= 0) perAddress.delete(address);
      else perAddress.set(address, n);
    });
  });
  server.maxConnections = 100_000;

  // One timer for all connections keeps memory per connection small.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const c of connections) {
      if (!c.unit && now - c.openedAt > limits.loginTimeoutMs) c.close('login-timeout');
      else if (c.partialSince !== null && now - c.partialSince > limits.frameTimeoutMs) c.close('frame-timeout');
      else if (now - c.lastDataAt > limits.idleTimeoutMs) c.close('idle');
    }
  }, Math.min(5000, limits.loginTimeoutMs / 2, limits.frameTimeoutMs / 2));
  sweep.unref();

  return {
    server,
    connections,
    listen(port: number, host = '0.0.0.0'): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host, backlog: 4096 }, () => {
          const a = server.address();
          resolve(typeof a === 'object' && a ? a.port : port);
        });
      });
    },
    async close(): Promise<void> {
      clearInterval(sweep);
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const c of connections) c.close('server-stopping');
      await closing;
    },
  };
}
