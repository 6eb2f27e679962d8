import net from 'node:net';
import type { IngestDeps } from './ingest-deps.ts';
import { QueclinkConnection } from './queclink-connection.ts';
import type { TcpLimits } from './teltonika-tcp.ts';

/**
 * The Queclink @Track TCP listener (QUECLINK_PORT): one QueclinkConnection per socket; the
 * shared TCP limits apply (a first message within the login timeout, a started message complete
 * within the frame timeout, idle close); messages are limited to QUECLINK_MAX_MESSAGE characters.
 */
export function queclinkTcpServer(deps: IngestDeps, limits: TcpLimits) {
  const connections = new Set<QueclinkConnection>();
  const perAddress = new Map<string, number>();

  const server = net.createServer({ noDelay: true }, (socket) => {
    const address = socket.remoteAddress ?? '';
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      deps.stats.closed('queclink:address-limit');
      socket.destroy();
      return;
    }
    perAddress.set(address, open + 1);
    deps.stats.connectionsOpen += 1;
    deps.stats.connectionsTotal += 1;
    const conn = new QueclinkConnection(socket, deps);
    connections.add(conn);
    socket.on('error', () => conn.close('queclink:socket-error'));
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
      if (!c.unit && now - c.openedAt > limits.loginTimeoutMs) c.close('queclink:login-timeout');
      else if (c.partialSince !== null && now - c.partialSince > limits.frameTimeoutMs) c.close('queclink:frame-timeout');
      else if (now - c.lastDataAt > limits.idleTimeoutMs) c.close('queclink:idle');
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
