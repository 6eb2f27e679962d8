import { useSyncExternalStore } from 'react';

/** Which vehicles the fleet page shows and how; a site pick resets it to all vehicles on the map. */
export interface FleetView {
  /** 'all' or a group id. */
  filter: 'all' | number;
  mode: 'map' | 'list';
}

let view: FleetView = { filter: 'all', mode: 'map' };
const listeners = new Set<() => void>();

export function setFleetView(next: FleetView): void {
  view = next;
  for (const l of listeners) l();
}

export function resetFleetView(): void {
  setFleetView({ filter: 'all', mode: 'map' });
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
