import { groupsAnswerSchema, vehiclesAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/**
 * The site's vehicles. No polling: while the fleet page is open, 'vehicles:update' from the site
 * socket is merged into this answer (see use-live-vehicles), and a reconnect fetches it once again.
 */
export const vehiclesQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['vehicles', siteId],
    queryFn: ({ signal }) =>
      api.get('vehicles', vehiclesAnswerSchema, { siteid: siteId }, signal).then((a) => a.vehicles),
  });

export const groupsQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['groups', siteId],
    queryFn: ({ signal }) =>
      api.get('groups', groupsAnswerSchema, { siteid: siteId }, signal).then((a) => a.groups),
  });
