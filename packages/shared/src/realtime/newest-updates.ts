import type { VehicleUpdate } from './events.ts';

const time = (iso: string | null): number => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/**
 * Adds vehicle updates to a map of pending ones, keeping only the newest per unit (a late, older
 * one does not replace a newer one; an equal time does). The server gathers and holds updates by
 * this rule and the web batches them by it, so both ends agree on which update wins.
 */
export function mergeNewestUpdates(pending: Map<number, VehicleUpdate>, updates: readonly VehicleUpdate[]): Map<number, VehicleUpdate> {
  for (const u of updates) {
    const before = pending.get(u.unitid);
    if (!before || time(u.updated) >= time(before.updated)) pending.set(u.unitid, u);
  }
  return pending;
}

/** Whether an update is older than the time already held (a never-reported vehicle holds none). */
export function isOlderUpdate(update: Pick<VehicleUpdate, 'updated'>, heldUpdated: string | null): boolean {
  return time(update.updated) < time(heldUpdated);
}
