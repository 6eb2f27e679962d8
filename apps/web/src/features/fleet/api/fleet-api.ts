import { success } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import { fleetKeys } from './fleet-keys.ts';
import { readVehicles } from './vehicle-records.ts';

/** The answer's envelope; its records are read one by one (see vehicle-records.ts). */
const vehiclesEnvelope = success({ vehicles: z.array(z.unknown()) });

/**
 * The site's vehicles. No polling: while the fleet page is open, 'vehicles:update' from the site
 * socket is merged into this answer (see use-live-vehicles), and a reconnect fetches it once again.
 * One bad record never fails the answer: each is read on its own (readVehicles).
 */
export const vehiclesQuery = (siteId: number) =>
  queryOptions({
    queryKey: fleetKeys.vehicles(siteId),
    queryFn: ({ signal }) =>
      api.get('vehicles', vehiclesEnvelope, { siteid: siteId }, signal).then((a) => readVehicles(a.vehicles)),
  });
