import type { SessionUser } from '@fleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSiteEvents } from '../../../shared/realtime/use-site-events.ts';
import { type SiteMessage, siteMessageQuery } from '../api/site-message-api.ts';

/** Keeps the cached site message live: 'site:message' replaces it, a reconnect asks again. */
export function useSiteMessageFeed(user: SessionUser): void {
  const queryClient = useQueryClient();
  const { queryKey } = siteMessageQuery(user.siteid);
  useSiteEvents(user.token, {
    'site:message': (message) => {
      queryClient.setQueryData<SiteMessage>(queryKey, { message, siteid: user.siteid });
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
