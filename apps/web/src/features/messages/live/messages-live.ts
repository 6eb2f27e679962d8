import type { Message, MessagesReadEvent, SessionUser } from '@fleet/shared';
import { useEffect } from 'react';
import { queryClient } from '../../../shared/query-client.ts';
import { acquireSiteSocket } from '../../../shared/realtime/site-socket.ts';
import { type Conversations, messageKeys } from '../api/messages-api.ts';
import { conversationsWithMessage, conversationsWithRead, type Side, withMessage, withRead } from './patch.ts';

/** A driver-mode session (usertype 3): the cab's side of the conversation. */
export const sideOf = (user: Pick<SessionUser, 'usertype'>): Side => (user.usertype === 3 ? 'cab' : 'office');

interface Feed {
  users: number;
  stop(): void;
}
const feeds = new Map<string, Feed>();

/**
 * The one listener per session on the tab's socket (however many badges and pages want it): a new
 * message or a read patches the cached threads and conversations in place, no refetch; only a
 * vehicle not listed yet, or a reconnect (pushes may have been missed), asks the server again.
 */
function startFeed(user: SessionUser): Feed | null {
  const lease = acquireSiteSocket();
  if (!lease) return null;
  const { socket } = lease;
  const side = sideOf(user);
  const unreadKey = messageKeys.unread(user.token);
  const siteId = user.siteid;
  const onNew = ({ message }: { message: Message }) => {
    if (siteId !== null) queryClient.setQueryData<Message[]>(messageKeys.thread(siteId, message.uid), (t) => withMessage(t, message));
    const conv = queryClient.getQueryData<Conversations>(unreadKey);
    if (!conv) return;
    const next = conversationsWithMessage(conv, message, side);
    if (next) queryClient.setQueryData(unreadKey, next);
    else void queryClient.invalidateQueries({ queryKey: unreadKey });
  };
  const onRead = (e: MessagesReadEvent) => {
    if (siteId !== null) queryClient.setQueryData<Message[]>(messageKeys.thread(siteId, e.uid), (t) => withRead(t, e));
    queryClient.setQueryData<Conversations>(unreadKey, (c) => (c ? conversationsWithRead(c, e, side) : c));
  };
  let seen = socket.connected;
  // A reconnect may have missed pushes: everything is asked again. The first connect of a freshly
  // loaded page asks the counts again too: a message sent after the page read them over HTTP and
  // before its socket joined the site's room reached nobody on this page, and the badge stayed at
  // nought (seen in CI: a driver's reply while the office's page was loading).
  const onConnect = () => {
    void queryClient.invalidateQueries({ queryKey: seen ? messageKeys.all() : unreadKey });
    seen = true;
  };
  socket.on('messages:new', onNew);
  socket.on('messages:read', onRead);
  socket.on('connect', onConnect);
  return {
    users: 0,
    stop() {
      socket.off('messages:new', onNew);
      socket.off('messages:read', onRead);
      socket.off('connect', onConnect);
      lease.release();
    },
  };
}

/** Keeps the session's messages live while mounted (shared: one listener however many use it). */
export function useMessagesLive(user: SessionUser | null): void {
  useEffect(() => {
    if (!user) return;
    const token = user.token;
    let feed = feeds.get(token);
    if (!feed) {
      const started = startFeed(user);
      if (!started) return;
      feed = started;
      feeds.set(token, feed);
    }
    feed.users += 1;
    const held = feed;
    return () => {
      held.users -= 1;
      if (held.users === 0) {
        held.stop();
        if (feeds.get(token) === held) feeds.delete(token);
      }
    };
  }, [user]);
}
