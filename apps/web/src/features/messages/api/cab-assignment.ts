import { driverRecordSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/**
 * The cab's vehicle (CONTRACTS A, cabassignment), for the driver's messages page: its uid and
 * registration, null when the driver has none. (The driver feature's useCabAssignment is the same
 * call; this page asks for itself so it stands alone until the driver shell is joined in.)
 */
export const cabAssignmentQuery = (token: string) =>
  queryOptions({
    queryKey: ['messages', 'cabassignment', token] as const,
    queryFn: ({ signal }) =>
      api.get('cabassignment', driverRecordSchema, undefined, signal).then((a) => (a.empty ? null : { uid: a.uid, registration: a.registration })),
  });
