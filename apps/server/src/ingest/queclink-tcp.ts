import type { IngestDeps } from './ingest-deps.ts';
import { QueclinkConnection } from './queclink-connection.ts';
import { type ConnectionLimits, tcpListener } from './tcp-listener.ts';

/**
 * The Queclink @Track TCP listener (QUECLINK_PORT): one QueclinkConnection per socket; the
 * shared TCP limits apply (a first message within the login timeout, a started message complete
 * within the frame timeout, idle close); messages are limited to QUECLINK_MAX_MESSAGE characters.
 */
export function queclinkTcpServer(deps: IngestDeps, limits: ConnectionLimits) {
  return tcpListener(deps, {
    limits,
    connect: (socket) => new QueclinkConnection(socket, deps),
    // Counted as 'queclink:…', except a server stop, which is counted as Teltonika's is.
    reason: (why) => (why === 'server-stopping' ? why : `queclink:${why}`),
  });
}
