import { clearVehicleAlarmBodySchema, plainSuccessSchema } from '@fleet/shared';
import { vehicleFaultsAnswerSchema } from '@fleet/shared/faults/faults.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api.ts';

// A vehicle's fault episodes (issue 16): shown on the fleet page's vehicle details and the engine page.
export const faultKeys = {
  all: () => ['vehiclefaults'] as const,
  vehicle: (uid: number) => [...faultKeys.all(), uid] as const,
};

/** vehiclefaults: asked again each minute while shown (a fault appears or ends with the vehicle's reports). */
export const vehicleFaultsQuery = (uid: number) =>
  queryOptions({
    queryKey: faultKeys.vehicle(uid),
    queryFn: ({ signal }) => api.get('vehiclefaults', vehicleFaultsAnswerSchema, { uid }, signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

/** Clears the vehicle's fault-code (spn) alerts for everyone (operators and administrators); the socket tells the alert pages. */
export async function clearFaultAlerts(uid: number): Promise<void> {
  await api.post('clearspnalarm', plainSuccessSchema, clearVehicleAlarmBodySchema.parse({ uid }));
}

/** The engine data page of one vehicle (the engine feature's page; fleetfmsv/{mid}). */
export const engineDataPath = (uid: number) => `/tabs/tabs/fleetfmsv/${uid}`;
