import { geofenceAnswerSchema, poiAnswerSchema } from '@fleet/shared';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../shared/api/api.ts';
import type { Poi } from '../model/poi-shapes.ts';

/** The site's POI (poi?siteid); every save or delete invalidates this key and those under it. */
export const poiListQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['poi', siteId],
    queryFn: ({ signal }) => api.get('poi', poiAnswerSchema, { siteid: siteId }, signal).then((a) => a.poi),
  });

/** One place's geofence flag: the list answer does not carry it, getgeofence?id does. */
export const geofenceFlagQuery = (siteId: number, id: number) =>
  queryOptions({
    queryKey: ['poi', siteId, 'geofence', id],
    queryFn: ({ signal }) => api.get('getgeofence', geofenceAnswerSchema, { id }, signal).then((a) => a.poi.geofence),
    staleTime: 60_000,
  });

export interface PoiWithFlags {
  pois: Poi[] | undefined;
  geofenceIds: ReadonlySet<number>;
  list: ReturnType<typeof useQuery<Poi[]>>;
}

/** The site's places with the ids of those that are geofences (fetched one by one, cached). */
export function usePoiWithFlags(siteId: number): PoiWithFlags {
  const list = useQuery(poiListQuery(siteId));
  const pois = list.data;
  const flags = useQueries({
    queries: (pois ?? []).map((p) => geofenceFlagQuery(siteId, p.id)),
    combine: (results) => results.map((r) => r.data === true),
  });
  const key = (pois ?? []).filter((_, i) => flags[i]).map((p) => p.id).join();
  // Stable between renders unless the set of geofences changes.
  const geofenceIds = useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);
  return { pois, geofenceIds, list };
}
