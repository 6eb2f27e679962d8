import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { unreadQuery } from '../api/messages-api.ts';
import { useMessagesLive } from '../live/messages-live.ts';

/** The session's conversations with their unread counts, live (a driver: their vehicle's only). */
export function useConversations() {
  const user = useSessionUser();
  useMessagesLive(user);
  return useQuery({ ...unreadQuery(user?.token ?? ''), enabled: !!user && user.siteid !== null });
}

/** How many messages from the other side are unread (the menu entry's and the driver tab's badge). */
export function useUnreadMessages(): number {
  return useConversations().data?.total ?? 0;
}
