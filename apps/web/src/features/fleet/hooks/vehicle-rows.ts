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

function compare(a: Vehicle, b: Vehicle, key: SortKey): number {
  switch (key) {
    case 'registration':
      return collator.compare(a.registration, b.registration);
    case 'driver':
      return collator.compare(a.drivername, b.drivername);
    case 'status':
      return statusRank(a) - statusRank(b) || b.speed - a.speed;
    case 'updated':
      // Oldest first ascending; vehicles that never reported sort as the oldest.
      return (a.updated ? Date.parse(a.updated) : 0) - (b.updated ? Date.parse(b.updated) : 0);
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

/** Filters to the view and sorts; ties fall back to registration. */
export function filterAndSortVehicles(
  vehicles: readonly Vehicle[],
  filter: VehicleFilter,
  sort: SortState,
): Vehicle[] {
  const matching = vehiclesInFilter(vehicles, filter);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return matching.sort(
    (a, b) =>
      sign * compare(a, b, sort.key) ||
      collator.compare(a.registration, b.registration) ||
      a.unitid - b.unitid,
  );
}
