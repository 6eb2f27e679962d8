import type { IngestDeps } from './ingest-deps.ts';
import { type ConnectionLimits, tcpListener } from './tcp-listener.ts';
import { TeltonikaConnection } from './teltonika-connection.ts';

export interface TcpLimits extends ConnectionLimits {
  /** Largest declared AVL data length accepted (checked before the body is buffered). */
  maxDataLength: number;
}

export const DEFAULT_TCP_LIMITS: TcpLimits = {
  maxDataLength: 64 * 1024,
  maxConnectionsPerAddress: 5000,
  loginTimeoutMs: 30_000,
  frameTimeoutMs: 60_000,
  idleTimeoutMs: 15 * 60_000,
};

/** The Teltonika TCP listener: one TeltonikaConnection per device; its close reasons are counted unprefixed. */
export function teltonikaTcpServer(deps: IngestDeps, limits: TcpLimits = DEFAULT_TCP_LIMITS) {
  return tcpListener(deps, {
    limits,
    connect: (socket) => new TeltonikaConnection(socket, deps, limits.maxDataLength),
    reason: (why) => why,
  });
}
