import type { VehicleUpdate } from '@fleet/shared';
import { isOlderUpdate, mergeNewestUpdates } from '@fleet/shared/realtime/newest-updates';
import type { Vehicle } from './vehicle-rows.ts';

/** Latest pending update per unit. */
export type UpdateBatch = Map<number, VehicleUpdate>;

/** Adds updates to a batch, keeping only the newest per unit (a late, older one is dropped). */
export const mergeUpdates: (batch: UpdateBatch, updates: readonly VehicleUpdate[]) => UpdateBatch = mergeNewestUpdates;

/**
 * The vehicles with a batch applied. Untouched vehicles keep their identity (rows and map features
 * skip them), an update older than what the list already holds is ignored, and units the list does
 * not know are left for the next fetch. Returns the same array when nothing changed.
 */
export function applyVehicleUpdates(vehicles: Vehicle[], batch: ReadonlyMap<number, VehicleUpdate>): Vehicle[] {
  let changed = false;
  const next = vehicles.map((v) => {
    const u = batch.get(v.unitid);
    if (!u || isOlderUpdate(u, v.updated)) return v;
    changed = true;
    return {
      ...v,
      // A coordinate that is not a number (NaN from an unreadable update) is no position at all.
      lat: Number.isFinite(u.lat) ? u.lat : null,
      lon: Number.isFinite(u.lon) ? u.lon : null,
      speed: u.speed,
      ign: u.ign,
      direction: u.direction,
      updated: u.updated,
      vehiclealarm: u.vehiclealarm,
      ptotrigger1: u.ptotrigger1,
      ptotrigger2: u.ptotrigger2,
      // Only asset trackers' updates carry loc (its location code changes with each report).
      ...(u.loc !== undefined ? { loc: u.loc } : {}),
      // Only a driver signing on or off (issue 11) sends the driver's name.
      ...(u.drivername !== undefined ? { drivername: u.drivername } : {}),
    };
  });
  return changed ? next : vehicles;
}

export interface UpdateBatcher {
  push(updates: readonly VehicleUpdate[]): void;
  /** Drops what is pending and stops the timer. */
  dispose(): void;
}

/**
 * Collects socket updates and hands them over at most once per `intervalMs`, so a fleet reporting
 * many times a second re-renders the list a few times a second, not once per message.
 */
export function createUpdateBatcher(
  flush: (batch: UpdateBatch) => void,
  intervalMs: number,
  // Wrapped: a browser's setTimeout called as a method of another object throws 'Illegal invocation'.
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = {
    set: ((fn: () => void, ms: number) => setTimeout(fn, ms)) as typeof setTimeout,
    clear: (id) => clearTimeout(id),
  },
): UpdateBatcher {
  let pending: UpdateBatch = new Map();
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    push(updates) {
      mergeUpdates(pending, updates);
      if (timer !== null || pending.size === 0) return;
      timer = timers.set(() => {
        timer = null;
        const batch = pending;
        pending = new Map();
        flush(batch);
      }, intervalMs);
    },
    dispose() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      pending = new Map();
    },
  };
}
