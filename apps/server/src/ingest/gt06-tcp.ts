import net from 'node:net';
import { GT06_DEFAULT_MAX_FRAME } from '@fleet/protocols';
import { Gt06Connection } from './gt06-connection.ts';
import type { IngestDeps } from './ingest-deps.ts';
import { DEFAULT_TCP_LIMITS, type TcpLimits } from './teltonika-tcp.ts';

export interface Gt06Limits extends Omit<TcpLimits, 'maxDataLength'> {
  /** Largest frame accepted, start to stop bits (checked from its length field, before it is buffered). */
  maxFrameBytes: number;
}

export const DEFAULT_GT06_LIMITS: Gt06Limits = {
  maxFrameBytes: GT06_DEFAULT_MAX_FRAME,
  maxConnectionsPerAddress: DEFAULT_TCP_LIMITS.maxConnectionsPerAddress,
  loginTimeoutMs: DEFAULT_TCP_LIMITS.loginTimeoutMs,
  frameTimeoutMs: DEFAULT_TCP_LIMITS.frameTimeoutMs,
  // The manuals' heartbeat interval is minutes (3 by default, up to 5 without an answer); 15 minutes of silence is a dead link.
  idleTimeoutMs: DEFAULT_TCP_LIMITS.idleTimeoutMs,
};

/** The GT06 / Concox TCP listener: one Gt06Connection per device, limits enforced by one sweep. */
export function gt06TcpServer(deps: IngestDeps, limits: Gt06Limits = DEFAULT_GT06_LIMITS) {
  const connections = new Set<Gt06Connection>();
  const perAddress = new Map<string, number>();

  const server = net.createServer({ noDelay: true }, (socket) => {
    const address = socket.remoteAddress ?? '';
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      deps.stats.closed('gt06:address-limit');
      socket.destroy();
      return;
    }
    perAddress.set(address, open + 1);
    deps.stats.connectionsOpen += 1;
    deps.stats.connectionsTotal += 1;
    const conn = new Gt06Connection(socket, deps, limits.maxFrameBytes);
    connections.add(conn);
    socket.on('error', () => conn.close('gt06:socket-error'));
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

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const c of connections) {
      if (!c.unit && now - c.openedAt > limits.loginTimeoutMs) c.close('gt06:login-timeout');
      else if (c.partialSince !== null && now - c.partialSince > limits.frameTimeoutMs) c.close('gt06:frame-timeout');
      else if (now - c.lastDataAt > limits.idleTimeoutMs) c.close('gt06:idle');
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
      for (const c of connections) c.close('gt06:server-stopping');
      await closing;
    },
  };
}
