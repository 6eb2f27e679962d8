import type { MessagesLive } from '../modules/messages/index.ts';
import { cabRoom, type FleetServer, siteRoom } from './rooms.ts';

/**
 * A vehicle's messages live: the office's browsers of the site (site room) and the cabs of the
 * drivers assigned to the vehicle now (their cab rooms) each get the message as their side sees it.
 * A driver assigned later reads the history with the messages call.
 */
export function messageFeed(io: FleetServer): MessagesLive {
  const cabs = (sessions: number[]) => sessions.map(cabRoom);
  return {
    messageNew(siteId, cabSessions, message) {
      io.to(siteRoom(siteId)).emit('messages:new', { message: message.office });
      if (cabSessions.length > 0) io.to(cabs(cabSessions)).emit('messages:new', { message: message.cab });
    },
    messagesRead(siteId, cabSessions, event) {
      io.to(siteRoom(siteId)).emit('messages:read', event);
      if (cabSessions.length > 0) io.to(cabs(cabSessions)).emit('messages:read', event);
    },
  };
}
