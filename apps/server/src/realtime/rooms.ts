import type { ClientToServerEvents, ServerToClientEvents } from '@fleet/shared';
import type { Server, Socket } from 'socket.io';
import type { Caller } from '../lib/caller.ts';

/** The socket server and its sockets, each carrying the caller its handshake was accepted for. */
export type FleetServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { caller: Caller }>;
export type FleetSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { caller: Caller }>;

/** The browsers of one site: its vehicle updates, alerts and site message go there. */
export const siteRoom = (siteId: number) => `site:${siteId}`;
/**
 * The sockets of one driver-mode session (a cab): its vehicle's messages go there. A driver-mode
 * socket joins only this room, never its site's (it would get every vehicle of the site).
 */
export const cabRoom = (sessionId: number) => `cab:${sessionId}`;
/** The debuggers watching one unit's device conversation. */
export const debugRoom = (uid: number) => `debug:${uid}`;

/** Writes a failed send to the log: a live message that could not be built is dropped, the socket stays. */
export type Warn = (what: string) => (err: unknown) => void;
