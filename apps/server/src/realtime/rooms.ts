import type { ClientToServerEvents, ServerToClientEvents } from '@fleet/shared';
import type { Server, Socket } from 'socket.io';
import type { Caller } from '../lib/caller.ts';

/** The socket server and its sockets, each carrying the caller its handshake was accepted for. */
export type FleetServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { caller: Caller }>;
export type FleetSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { caller: Caller }>;

/** The browsers of one site: its vehicle updates, alerts and site message go there. */
export const siteRoom = (siteId: number) => `site:${siteId}`;
/** The debuggers watching one unit's device conversation. */
export const debugRoom = (uid: number) => `debug:${uid}`;

/** Writes a failed send to the log: a live message that could not be built is dropped, the socket stays. */
export type Warn = (what: string) => (err: unknown) => void;
