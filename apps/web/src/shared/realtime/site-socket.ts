import { session } from '../session/session-store.ts';
import { type FleetSocket, openSocket } from './socket.ts';

interface Shared {
  token: string;
  socket: FleetSocket;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
}

/** A page change that closes one user and opens the next keeps the connection. */
const LINGER_MS = 5000;

let shared: Shared | null = null;

function close(entry: Shared): void {
  if (entry.closeTimer !== null) clearTimeout(entry.closeTimer);
  entry.socket.disconnect();
  if (shared === entry) shared = null;
}

// A new token (site switch, sign-out) belongs to another site room: the old socket goes at once.
session.subscribe(() => {
  if (shared && session.get().user?.token !== shared.token) close(shared);
});

export interface SiteSocketLease {
  socket: FleetSocket;
  /** Gives the socket back; the last user's release closes it after a short linger. */
  release(): void;
}

/**
 * The tab's one realtime socket for the signed-in session's site, shared by every page that wants
 * live data (the server puts it in the site's room). Null when nobody is signed in.
 */
export function acquireSiteSocket(): SiteSocketLease | null {
  const token = session.get().user?.token;
  if (!token) return null;
  if (shared && shared.token !== token) close(shared);
  if (!shared) {
    const socket = openSocket();
    if (!socket) return null;
    shared = { token, socket, users: 0, closeTimer: null };
    socket.connect();
  }
  const entry = shared;
  entry.users += 1;
  if (entry.closeTimer !== null) clearTimeout(entry.closeTimer);
  entry.closeTimer = null;
  let released = false;
  return {
    socket: entry.socket,
    release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      entry.closeTimer = setTimeout(() => {
        if (entry.users === 0) close(entry);
      }, LINGER_MS);
    },
  };
}
