import { type FmsColumn, type FmsVehicle, fmsVehiclesAnswerSchema, lastFmsV2AnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { engineKeys } from './engine-keys.ts';

export interface FleetEngine {
  columns: FmsColumn[];
  vehicles: FmsVehicle[];
}

/** fmsvvehicles?siteid: every vehicle of the site with its latest engine data (kept current by 'fms:update'). */
export const fleetEngineQuery = (siteId: number) =>
  queryOptions({
    queryKey: engineKeys.fleet(siteId),
    queryFn: async ({ signal }): Promise<FleetEngine> => {
      const { columns, vehicles } = await api.get('fmsvvehicles', fmsVehiclesAnswerSchema, { siteid: siteId }, signal);
      return { columns, vehicles };
    },
    // The socket keeps it current; asked again only when the page is opened again after a minute.
    staleTime: 60_000,
  });

/** lastfmsv2data?uid: one unit's latest FMS fields and every catalogue value. */
export const unitEngineQuery = (uid: number) =>
  queryOptions({
    queryKey: engineKeys.unit(uid),
    queryFn: async ({ signal }) => (await api.get('lastfmsv2data', lastFmsV2AnswerSchema, { uid }, signal)).fms,
    staleTime: 10_000,
  });
