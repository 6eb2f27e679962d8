import type { SessionUser } from '@fleet/shared';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useSiteEvents } from '../../../shared/realtime/use-site-events.ts';
import { type SiteMessage, siteMessageQuery } from '../api/site-message-api.ts';

/** Keeps the cached site message live: 'site:message' replaces it, a reconnect asks again. */
export function useSiteMessageFeed(user: SessionUser): void {
  const queryClient = useQueryClient();
  const { queryKey } = siteMessageQuery(user.siteid);
  useSiteEvents(user.token, {
    'site:message': (message) => void pushSiteMessage(queryClient, queryKey, { message, siteid: user.siteid }),
    onReconnect: () => void queryClient.invalidateQueries({ queryKey }),
  });
}

/**
 * A pushed message replaces the cached one. A fetch still in flight (e.g. the catch-up after the
 * socket connects) was asked before it: it is cancelled first, so its older answer cannot win.
 */
export async function pushSiteMessage(queryClient: QueryClient, queryKey: QueryKey, value: SiteMessage): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<SiteMessage>(queryKey, value);
}
