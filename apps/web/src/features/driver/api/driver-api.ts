import {
  type CabKey, cabDriversAnswerSchema, cabVehiclesAnswerSchema, driverRecordSchema, plainSuccessSchema, userAnswerSchema,
} from '@fleet/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { type AssignResult, assignResult } from '../model/assign-result.ts';

export const driverKeys = {
  drivers: (deviceid: number) => ['driver', 'cabdrivers', deviceid] as const,
  vehicles: () => ['driver', 'cabvehicles'] as const,
  assignment: () => ['driver', 'cabassignment'] as const,
};

/** The drivers who may sign in on this cab device (public: the device key is the credential). */
export function useCabDrivers(key: CabKey | null) {
  return useQuery({
    queryKey: driverKeys.drivers(key?.deviceid ?? 0),
    enabled: key !== null,
    queryFn: () => api.post('cabdrivers', cabDriversAnswerSchema, { deviceid: key?.deviceid, devicekey: key?.devicekey }),
    staleTime: 60_000,
  });
}

export function driverLogin(key: CabKey, driverid: number, pass: string) {
  return api.post('driverlogin', userAnswerSchema, { deviceid: key.deviceid, devicekey: key.devicekey, driverid, pass });
}

export function useCabVehicles() {
  return useQuery({ queryKey: driverKeys.vehicles(), queryFn: ({ signal }) => api.get('cabvehicles', cabVehiclesAnswerSchema, undefined, signal), staleTime: 10_000 });
}

/** The driver's vehicle now (empty: none yet), with where it last reported. */
export function useAssignmentQuery() {
  return useQuery({
    queryKey: driverKeys.assignment(),
    queryFn: ({ signal }) => api.get('cabassignment', driverRecordSchema, undefined, signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/** assigndriver: resolves the record, false on a network error, or the raw answer when ok is not 1 (spec 8). */
export async function assignDriver(uid: number): Promise<AssignResult> {
  // The answer is read as it came: assignResult decides what it is.
  const raw = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };
  try {
    return assignResult({ answer: await api.post('assigndriver', raw, { uid }) });
  } catch (error) {
    return assignResult({ error });
  }
}

export function unassignDriver() {
  return api.post('unassigndriver', plainSuccessSchema, {});
}
