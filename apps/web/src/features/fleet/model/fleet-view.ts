import { useSyncExternalStore } from 'react';

/**
 * Which vehicles the fleet page shows and how. It outlives the page (leave the map, come back: the
 * same group and mode), so it is a module store, not component state. Other features change it only
 * through the named changes the fleet index exports (resetFleetView, showGroupOnFleet, dropGroupFromFleet).
 */
export interface FleetView {
  /** 'all' or a group id. */
  filter: 'all' | number;
  mode: 'map' | 'list';
}

/** Where the fleet map looked when last moved: the page opens there again instead of re-fitting. */
export interface FleetCamera {
  siteId: number;
  center: [number, number];
  zoom: number;
}

const ALL_ON_MAP: FleetView = { filter: 'all', mode: 'map' };

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
