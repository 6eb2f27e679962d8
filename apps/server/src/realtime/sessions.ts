import type { SocketAuth } from '@fleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ResolveCaller } from '../lib/caller.ts';
import type { SessionService } from '../modules/auth/index.ts';
import { handshakeHost, type ProxyTrust } from '../plugins/auth.ts';
import { eventLimiter, type EventLimit } from './event-limit.ts';
import { cabRoom, type FleetServer, type FleetSocket, siteRoom } from './rooms.ts';

/**
 * Who may hold a socket, and for how long. A client authenticates in the handshake's auth field
 * (the token is accepted only on its brand's hosts, as over HTTP); every event it sends passes the
 * socket's event limit; it joins its session's current site room (a driver-mode session: its
 * cab room instead); a session that ends closes its sockets.
 */
export function socketSessions(io: FleetServer, deps: {
  sessions: SessionService; resolveCaller: ResolveCaller; proxyTrust: ProxyTrust; eventLimit: EventLimit; log: FastifyBaseLogger;
  /** Sessions that ended on any api node (the bus's sessions-ended topic); returns the function that stops it. */
  onEnded: (listener: (ids: number[], reason: string) => void) => () => void;
}) {
  const bySession = new Map<number, Set<FleetSocket>>();

  io.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Partial<SocketAuth>;
    if (typeof auth.token !== 'string' || auth.token === '') return next(new Error('tokenerror'));
    try {
      const caller = await deps.resolveCaller(auth.token, typeof auth.instanceuuid === 'string' ? auth.instanceuuid : undefined, handshakeHost(socket.handshake.headers, socket.conn.remoteAddress, deps.proxyTrust));
      if (caller.user.mustChangePassword) return next(new Error('password change required'));
      socket.data.caller = caller;
      next();
    } catch {
      next(new Error('tokenerror'));
    }
  });

  const stopEnded = deps.onEnded((ids, reason) => {
    for (const id of ids) {
      for (const socket of bySession.get(id) ?? []) {
        socket.emit('session:ended', reason);
        socket.disconnect(true);
      }
    }
  });

  return {
    close: () => stopEnded(),
    /** A socket was accepted: its event limit, its session's list and its site room. */
    connected(socket: FleetSocket): void {
      const { session } = socket.data.caller;
      // Every event the client sends passes this socket's limit first (event-limit.ts).
      const next = eventLimiter(deps.eventLimit);
      let lastNotice = 0;
      socket.use((packet, pass) => {
        const verdict = next();
        if (verdict === 'ok') return pass();
        const message = 'Too many messages from this page: some were dropped. Slow down, or reload the page.';
        const ack = packet[packet.length - 1];
        if (typeof ack === 'function') (ack as (a: { ok: 0; message: string }) => void)({ ok: 0, message });
        if (verdict === 'close') {
          deps.log.warn({ session: session.id }, 'socket closed: over its event limit');
          socket.emit('rate:limited', { message: 'Too many messages from this page: the live connection was closed.', closing: true });
          socket.disconnect(true);
          return;
        }
        const now = Date.now();
        if (now - lastNotice >= 1000) {
          lastNotice = now;
          socket.emit('rate:limited', { message, closing: false });
        }
      });
      const set = bySession.get(session.id) ?? new Set();
      set.add(socket);
      bySession.set(session.id, set);
      // A driver-mode socket hears only its own cab's messages; a user's socket, its current site.
      if (session.kind === 'driver') void socket.join(cabRoom(session.id));
      else if (session.siteId) void socket.join(siteRoom(session.siteId));
      socket.on('disconnect', () => {
        set.delete(socket);
        if (set.size === 0) bySession.delete(session.id);
      });
    },
  };
}
