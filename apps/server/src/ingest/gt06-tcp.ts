import { GT06_DEFAULT_MAX_FRAME } from '@fleet/protocols';
import { Gt06Connection } from './gt06-connection.ts';
import type { IngestDeps } from './ingest-deps.ts';
import { type ConnectionLimits, tcpListener } from './tcp-listener.ts';
import { DEFAULT_TCP_LIMITS } from './teltonika-tcp.ts';

export interface Gt06Limits extends ConnectionLimits {
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

/** The GT06 / Concox TCP listener: one Gt06Connection per device; its close reasons are counted as 'gt06:…'. */
export function gt06TcpServer(deps: IngestDeps, limits: Gt06Limits = DEFAULT_GT06_LIMITS) {
  return tcpListener(deps, {
    limits,
    connect: (socket) => new Gt06Connection(socket, deps, limits.maxFrameBytes),
    reason: (why) => `gt06:${why}`,
  });
}
