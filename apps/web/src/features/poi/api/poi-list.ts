import { poiAnswerSchema } from '@fleet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { poiKeys } from './poi-keys.ts';

/**
 * The site's POI (poi?siteid), each with its geofence flag; every save or delete invalidates this
 * key. The map draws all of them, so the panel lists and searches the same answer.
 */
export const poiListQuery = (siteId: number) =>
  queryOptions({
    queryKey: poiKeys.list(siteId),
    queryFn: ({ signal }) => api.get('poi', poiAnswerSchema, { siteid: siteId }, signal).then((a) => a.poi),
  });

export function usePoiList(siteId: number) {
  return useQuery(poiListQuery(siteId));
}
