import type { vehicleSchema } from '@fleet/shared';
import { vehiclesInView } from '@fleet/shared/rules/lists';
import { type VehicleMotion, vehicleMotion } from '@fleet/shared/rules/vehicle-status';
import type { z } from 'zod';

export type Vehicle = z.infer<typeof vehicleSchema>;
export type SortKey = 'registration' | 'driver' | 'status' | 'updated';
export interface SortState {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/** Alarms first, then moving, idling, stopped: the order an operator scans for trouble. */
const STATUS_RANK: Record<VehicleMotion | 'alarm', number> = { alarm: 0, driving: 1, idling: 2, stopped: 3 };

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

function statusRank(v: Vehicle): number {
  return v.vehiclealarm ? STATUS_RANK.alarm : STATUS_RANK[vehicleMotion(v)];
}

/**
 * Each text's place in collation order. A live fleet re-sorts several times a second while its
 * registrations and drivers hardly ever change, and comparing with the collator costs a
 * microsecond or so, so the places are worked out once and kept until a text not seen before
 * turns up. Texts the collator counts as equal share a place.
 */
export function collationRanks(): (texts: readonly string[]) => ReadonlyMap<string, number> {
  let ranks = new Map<string, number>();
  return (texts) => {
    if (texts.every((t) => ranks.has(t))) return ranks;
    const sorted = [...new Set(texts)].sort(collator.compare);
    ranks = new Map();
    let rank = 0;
    sorted.forEach((t, i) => {
      const prev = sorted[i - 1];
      if (i > 0 && prev !== undefined && collator.compare(prev, t) !== 0) rank = i;
      ranks.set(t, rank);
    });
    return ranks;
  };
}

const registrationRanks = collationRanks();
const driverRanks = collationRanks();

/** The primary sort value of a vehicle under a key; ties fall back to registration, then unit id. */
function primaryKey(key: SortKey, driver: ReadonlyMap<string, number> | null): (v: Vehicle) => number {
  switch (key) {
    case 'registration':
      return () => 0;
    case 'driver':
      return (v) => driver?.get(v.drivername) ?? 0;
    case 'status':
      // Alarm, driving, idling, stopped; faster first within a rank (speed is below 10,000).
      return (v) => statusRank(v) * 10_000 - v.speed;
    case 'updated':
      // Oldest first ascending; vehicles that never reported sort as the oldest.
      return (v) => (v.updated ? Date.parse(v.updated) : 0);
  }
}

/** Which vehicles a view shows: one group's units (null for all) narrowed by a search. */
export interface VehicleFilter {
  units: readonly number[] | null;
  search: string;
}

/** The vehicles in the view (spec rules in @fleet/shared lists): the group's, then the search's. */
export function vehiclesInFilter<T extends Vehicle>(vehicles: readonly T[], { units, search }: VehicleFilter): T[] {
  const inGroup = units === null ? vehicles : vehiclesInView(vehicles, { kind: 'group', units });
  return vehiclesInView(inGroup, { kind: 'search', text: search });
}

/** Filters to the view and sorts; ties fall back to registration (ascending), then unit id. */
export function filterAndSortVehicles(
  vehicles: readonly Vehicle[],
  filter: VehicleFilter,
  sort: SortState,
): Vehicle[] {
  const matching = vehiclesInFilter(vehicles, filter);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const reg = registrationRanks(matching.map((v) => v.registration));
  const driver = sort.key === 'driver' ? driverRanks(matching.map((v) => v.drivername)) : null;
  const primary = primaryKey(sort.key, driver);
  // Sort keys are computed once per vehicle, not once per comparison.
  const keyed = matching.map((v) => ({
    v,
    p: primary(v),
    r: sort.key === 'registration' ? sign * (reg.get(v.registration) ?? 0) : (reg.get(v.registration) ?? 0),
  }));
  keyed.sort((a, b) => (sort.key === 'registration' ? 0 : sign * (a.p - b.p)) || a.r - b.r || a.v.unitid - b.v.unitid);
  return keyed.map((k) => k.v);
}
