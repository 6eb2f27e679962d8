import { driversAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { driverKeys } from './driver-keys.ts';

/** How often an open drivers list asks again: updates come from sign-ins, not from the live socket. */
const DRIVERS_REFRESH_MS = 60_000;

/** drivers?siteid: the site's drivers, each with its last update and the out-of-date flag. */
export const driversQuery = (siteId: number) =>
  queryOptions({
    queryKey: driverKeys.list(siteId),
    queryFn: ({ signal }) => api.get('drivers', driversAnswerSchema, { siteid: siteId }, signal).then((a) => a.drivers),
    refetchInterval: DRIVERS_REFRESH_MS,
  });
