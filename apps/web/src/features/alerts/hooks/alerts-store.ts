import type { GeofenceAlert, PanicAlert } from '@fleet/shared/alerts/alerts.schema';
import { useSyncExternalStore } from 'react';

export interface AlertsState {
  geofence: GeofenceAlert[];
  panic: PanicAlert[];
}

const EMPTY: AlertsState = { geofence: [], panic: [] };
let state: AlertsState = EMPTY;
const listeners = new Set<() => void>();

function set(next: AlertsState): void {
  state = next;
  for (const l of listeners) l();
}

/** Replaces the alert lists; fed by a later issue (dashalerts and the realtime socket). */
export function setAlerts(next: Partial<AlertsState>): void {
  set({ ...state, ...next });
}

/** Spec 4: clearing a geofence alert sets its alarm flag false and removes it from the list. */
export function removeGeofenceAlert(unitId: number): void {
  set({ ...state, geofence: state.geofence.filter((a) => a.unitid !== unitId) });
}

export function clearAlerts(): void {
  set(EMPTY);
}

export function useAlerts(): AlertsState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
