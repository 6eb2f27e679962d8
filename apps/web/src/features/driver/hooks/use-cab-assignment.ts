import type { DriverRecord } from '@fleet/shared';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useAssignmentQuery } from '../api/driver-api.ts';
import { readDriverRecord } from '../model/driver-record.ts';

/**
 * The signed-in driver's vehicle record (spec 3), or null while there is none. Until cabassignment
 * has answered (loading, or no signal in the cab) it is the record stored at assignment, so the
 * check list opens offline and no "no vehicle" flashes on a reload.
 */
export function useCabAssignment(): DriverRecord | null {
  const { data } = useAssignmentQuery();
  const driverId = useSessionUser()?.driver?.driverid ?? null;
  if (data) return data.empty === false ? data : null;
  return readDriverRecord(driverId);
}
