import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  type SocketAuth,
} from '@fleet/shared';
import { io, type Socket } from 'socket.io-client';
import { expireSession } from '../api/api.ts';
import { session } from '../session/session-store.ts';

export type FleetSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The server's connect_error message when the handshake's session is missing, expired or revoked. */
export const SOCKET_TOKEN_ERROR = 'tokenerror';

/**
 * A site switch or password change in this tab also ends the old session (and its sockets); the new
 * token arrives in that call's answer just after. Only a session that is still current after this
 * wait has really ended.
 */
const REPLACEMENT_GRACE_MS = 2000;

/**
 * A realtime socket on this origin, authenticated with the signed-in session; not connected yet
 * (call connect()). When the server ends the session ('session:ended', or a refused handshake) the
 * user is signed out as for an API token error. Null when nobody is signed in.
 */
export function openSocket(query: Record<string, string> = {}): FleetSocket | null {
  const user = session.get().user;
  if (!user) return null;
  const auth: SocketAuth = { token: user.token, instanceuuid: user.instanceuuid };
  const socket: FleetSocket = io({
    path: SOCKET_PATH,
    autoConnect: false,
    transports: ['websocket'],
    query,
    auth,
  });
  const endIfStillCurrent = () => {
    window.setTimeout(() => {
      if (session.get().user?.token === user.token) expireSession();
    }, REPLACEMENT_GRACE_MS);
  };
  socket.on('session:ended', endIfStillCurrent);
  socket.on('connect_error', (error) => {
    if (error.message === SOCKET_TOKEN_ERROR) endIfStillCurrent();
  });
  return socket;
}
