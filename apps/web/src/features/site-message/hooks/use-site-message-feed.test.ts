import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SiteMessage } from '../api/site-message-api.ts';
import { siteMessageKeys } from '../api/site-message-keys.ts';
import { pushSiteMessage } from './use-site-message-feed.ts';

describe('pushSiteMessage', () => {
  it('is not overwritten by an older answer still in flight when it arrives', async () => {
    const client = new QueryClient();
    const queryKey = siteMessageKeys.forSite(1);
    let answer: (m: SiteMessage) => void = () => {};
    const fetching = client.fetchQuery({
      queryKey,
      queryFn: () => new Promise<SiteMessage>((resolve) => { answer = resolve; }),
    }).catch(() => null);
    await pushSiteMessage(client, queryKey, { message: 'new text', siteid: 1 });
    answer({ message: 'old text', siteid: 1 });
    await fetching;
    expect(client.getQueryData<SiteMessage>(queryKey)?.message).toBe('new text');
  });
});
