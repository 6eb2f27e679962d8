import { TABS_PREFIX } from '@fleet/shared';
import { useSyncExternalStore } from 'react';
import { isVehicleState, VEHICLE_STATES, type VehicleState } from '../../../shared/vehicles/vehicle-states.ts';

/**
 * Which vehicles the fleet page shows and how. It outlives the page (leave the map, come back: the
 * same group and mode), so it is a module store, not component state. Other features change it only
 * through the named changes the fleet index exports (resetFleetView, showGroupOnFleet, dropGroupFromFleet).
 */
export interface FleetView {
  /** 'all' or a group id. */
  filter: 'all' | number;
  mode: 'map' | 'list';
  /** The status chips chosen: only vehicles in these states are shown; none chosen shows all. */
  states: readonly VehicleState[];
}

/** Where the fleet map looked when last moved: the page opens there again instead of re-fitting. */
export interface FleetCamera {
  siteId: number;
  center: [number, number];
  zoom: number;
}

const ALL_ON_MAP: FleetView = { filter: 'all', mode: 'map', states: [] };

let view: FleetView = ALL_ON_MAP;
let camera: FleetCamera | null = null;
const listeners = new Set<() => void>();

/**
 * Kept for the next visit only: the map owns its camera while the page is open, so this notifies
 * nobody (a re-render per pan would be wasted).
 */
export function rememberFleetCamera(next: FleetCamera): void {
  camera = next;
}

/** The camera to open the site's map at, or null to fit the fleet. */
export function fleetCamera(siteId: number): FleetCamera | null {
  return camera?.siteId === siteId ? camera : null;
}

export function setFleetView(next: FleetView): void {
  view = next;
  for (const l of listeners) l();
}

/** All vehicles on the map, fitted afresh: a site pick starts there, and so does a link to one vehicle. */
export function resetFleetView(): void {
  camera = null;
  setFleetView({ ...ALL_ON_MAP });
}

/** Shows one group's vehicles (e.g. the group just saved), in the mode the page is in. */
export function showGroupOnFleet(groupId: number): void {
  setFleetView({ ...view, filter: groupId });
}

/** A group no longer listed (emptied): if it is the one shown, back to all vehicles. */
export function dropGroupFromFleet(groupId: number): void {
  if (view.filter === groupId) setFleetView({ ...view, filter: 'all' });
}

/** Shows only the vehicles in these states (a dashboard tile, a fleet?state= link), all when none. */
export function showStatesOnFleet(states: readonly VehicleState[]): void {
  setFleetView({ ...view, states: VEHICLE_STATES.filter((s) => states.includes(s)) });
}

/** The URL parameter a link to the fleet view names states in: fleet?state=alarm or ?state=idling,stopped. */
export const STATE_PARAM = 'state';

/** The fleet view showing only vehicles in these states. */
export function fleetStatesPath(states: readonly VehicleState[]): string {
  return `${TABS_PREFIX}/fleet?${STATE_PARAM}=${states.join(',')}`;
}

/** The states a fleet?state= value names (unknown words left out), or null when it names none. */
export function parseStatesParam(value: string | null): VehicleState[] | null {
  if (value === null) return null;
  const named = value.split(',').map((s) => s.trim());
  const states = VEHICLE_STATES.filter((s) => named.includes(s));
  return states.length > 0 && named.every(isVehicleState) ? states : null;
}

/** The view now (the fleet page subscribes with useFleetView). */
export function currentFleetView(): FleetView {
  return view;
}

export function useFleetView(): FleetView {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => view,
    () => view,
  );
}
