import { plainSuccessSchema, siteMessageAnswerSchema, updateSiteMessageBodySchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { siteMessageKeys } from './site-message-keys.ts';

export interface SiteMessage {
  message: string;
  siteid: number | null;
}

/** The current site's message to its users ('' when there is none); kept live by 'site:message'. */
export const siteMessageQuery = (siteId: number | null) =>
  queryOptions({
    queryKey: siteMessageKeys.forSite(siteId),
    queryFn: ({ signal }): Promise<SiteMessage> =>
      api
        .get('sitemessage', siteMessageAnswerSchema, undefined, signal)
        .then(({ message, siteid }) => ({ message, siteid })),
  });

/** Sets the current site's message (administrators); an empty text removes it. */
export function updateSiteMessage(msg: string) {
  return api.post('updatesitemessage', plainSuccessSchema, updateSiteMessageBodySchema.parse({ msg }));
}
