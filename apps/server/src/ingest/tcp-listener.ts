import net from 'node:net';
import type { IngestDeps } from './ingest-deps.ts';

/** The limits every device TCP listener enforces, whatever its protocol. */
export interface ConnectionLimits {
  /** Open connections allowed from one address; devices behind a carrier's NAT share addresses. */
  maxConnectionsPerAddress: number;
  /** A connection must log in (be known) within this time. */
  loginTimeoutMs: number;
  /** A frame that has started must be complete within this time (a trickling sender is closed). */
  frameTimeoutMs: number;
  /** A connection that sends nothing for this long is closed. */
  idleTimeoutMs: number;
}

/** What the listener needs to see of one protocol's connection to enforce the limits. */
export interface ListenedConnection {
  readonly unit: unknown;
  readonly openedAt: number;
  readonly lastDataAt: number;
  readonly partialSince: number | null;
  close(reason: string): void;
}

/** The listener's own close reasons; each protocol words them for its stats. */
export type ListenerCloseReason = 'address-limit' | 'socket-error' | 'login-timeout' | 'frame-timeout' | 'idle' | 'server-stopping';

export interface TcpListenerOptions<C extends ListenedConnection> {
  limits: ConnectionLimits;
  /** One protocol's conversation on a freshly accepted socket. */
  connect: (socket: net.Socket) => C;
  /** The counted word for a listener close reason ('peer-closed' is never reworded: connections skip its log line). */
  reason: (why: ListenerCloseReason) => string;
}

/**
 * A device TCP listener: accepts sockets (up to maxConnectionsPerAddress per address), hands each
 * to the protocol's connection, keeps the connection counts, and enforces the login, frame and
 * idle timeouts with one sweep over all connections.
 */
export function tcpListener<C extends ListenedConnection>(deps: IngestDeps, options: TcpListenerOptions<C>) {
  const { limits, reason } = options;
  const connections = new Set<C>();
  const perAddress = new Map<string, number>();

  const server = net.createServer({ noDelay: true }, (socket) => {
    const address = socket.remoteAddress ?? '';
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      deps.stats.closed(reason('address-limit'));
      socket.destroy();
      return;
    }
    perAddress.set(address, open + 1);
    deps.stats.connectionsOpen += 1;
    deps.stats.connectionsTotal += 1;
    const conn = options.connect(socket);
    connections.add(conn);
    socket.on('error', () => conn.close(reason('socket-error')));
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
      if (!c.unit && now - c.openedAt > limits.loginTimeoutMs) c.close(reason('login-timeout'));
      else if (c.partialSince !== null && now - c.partialSince > limits.frameTimeoutMs) c.close(reason('frame-timeout'));
      else if (now - c.lastDataAt > limits.idleTimeoutMs) c.close(reason('idle'));
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
      for (const c of connections) c.close(reason('server-stopping'));
      await closing;
    },
  };
}
