import type { vehicleSchema } from '@fleet/shared';
import { vehiclesInView } from '@fleet/shared/rules/lists';
import { NO_SPEED_TEXT_UNIT_TYPE, type VehicleMotion, vehicleMotion } from '@fleet/shared/rules/vehicle-status';
import type { z } from 'zod';
import { countStates, type VehicleState, vehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import { speedValue } from '../../../shared/format/units.ts';

export type Vehicle = z.infer<typeof vehicleSchema>;
export type SortKey = 'registration' | 'driver' | 'status' | 'updated' | 'speed' | 'location';
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
const locationRanks = collationRanks();

/**
 * A speed to sort by, the one the list shows: a reading that is no speed (not finite, negative,
 * absurd) and a unit that shows none (type 6) sort below standing still.
 */
const sortSpeed = (v: Vehicle) => (v.unittype === NO_SPEED_TEXT_UNIT_TYPE ? -1 : (speedValue(v.speed, 'imperial') ?? -1));

/** The primary sort value of a vehicle under a key; ties fall back to registration, then unit id. */
function primaryKey(key: SortKey, texts: ReadonlyMap<string, number> | null): (v: Vehicle) => number {
  switch (key) {
    case 'registration':
      return () => 0;
    case 'driver':
      return (v) => texts?.get(v.drivername) ?? 0;
    case 'location':
      return (v) => texts?.get(v.loc) ?? 0;
    case 'speed':
      return sortSpeed;
    case 'status':
      // Alarm, driving, idling, stopped; faster first within a rank (speed is below 10,000).
      return (v) => statusRank(v) * 10_000 - v.speed;
    case 'updated':
      // Oldest first ascending; vehicles that never reported sort as the oldest.
      return (v) => (v.updated ? Date.parse(v.updated) : 0);
  }
}

/**
 * Which vehicles a view shows: one group's units (null for all) narrowed by a search and, when any
 * are chosen, by state (the status chips; none chosen shows every state).
 */
export interface VehicleFilter {
  units: readonly number[] | null;
  search: string;
  states?: readonly VehicleState[];
}

/** The vehicles of the group narrowed by the search (spec rules in @fleet/shared lists), any state. */
function vehiclesInGroupAndSearch<T extends Vehicle>(vehicles: readonly T[], { units, search }: VehicleFilter): T[] {
  const inGroup = units === null ? vehicles : vehiclesInView(vehicles, { kind: 'group', units });
  return vehiclesInView(inGroup, { kind: 'search', text: search });
}

/** Keeps the vehicles in one of `states` at `now` (all of them when none are chosen). */
function inStates<T extends Vehicle>(vehicles: readonly T[], states: readonly VehicleState[] | undefined, now: number): readonly T[] {
  if (!states || states.length === 0) return vehicles;
  return vehicles.filter((v) => states.includes(vehicleState(v, now)));
}

/** The vehicles in the view: the group's, then the search's, then the chosen states' (at `now`). */
export function vehiclesInFilter<T extends Vehicle>(vehicles: readonly T[], filter: VehicleFilter, now = Date.now()): T[] {
  return [...inStates(vehiclesInGroupAndSearch(vehicles, filter), filter.states, now)];
}

/** How the list is ordered: a sort, and whether vehicles in alarm come first whatever the sort. */
export interface ListOrder {
  sort: SortState;
  pinAlarms: boolean;
}

/** Sorts; ties fall back to registration (ascending), then unit id; alarms first when pinned. */
function sortVehicles(vehicles: readonly Vehicle[], { sort, pinAlarms }: ListOrder): Vehicle[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const reg = registrationRanks(vehicles.map((v) => v.registration));
  const texts =
    sort.key === 'driver'
      ? driverRanks(vehicles.map((v) => v.drivername))
      : sort.key === 'location'
        ? locationRanks(vehicles.map((v) => v.loc))
        : null;
  const primary = primaryKey(sort.key, texts);
  // Sort keys are computed once per vehicle, not once per comparison.
  const keyed = vehicles.map((v) => ({
    v,
    pin: pinAlarms && v.vehiclealarm ? 0 : 1,
    p: primary(v),
    r: sort.key === 'registration' ? sign * (reg.get(v.registration) ?? 0) : (reg.get(v.registration) ?? 0),
  }));
  keyed.sort(
    (a, b) =>
      a.pin - b.pin || (sort.key === 'registration' ? 0 : sign * (a.p - b.p)) || a.r - b.r || a.v.unitid - b.v.unitid,
  );
  return keyed.map((k) => k.v);
}

/** Filters to the view and sorts; ties fall back to registration (ascending), then unit id. */
export function filterAndSortVehicles(
  vehicles: readonly Vehicle[],
  filter: VehicleFilter,
  sort: SortState,
  options: { pinAlarms?: boolean; now?: number } = {},
): Vehicle[] {
  return sortVehicles(vehiclesInFilter(vehicles, filter, options.now), { sort, pinAlarms: options.pinAlarms ?? false });
}

/** The triage list: the rows shown and, for the chips, how many of the group and search are in each state. */
export interface Triage {
  rows: Vehicle[];
  counts: Record<VehicleState, number>;
}

/**
 * The list and its chip counts in one pass over the state rule. The counts are taken before the
 * state filter (a chip says how many it would show) and after the group and search (what the
 * operator has narrowed to); with all vehicles and no search they count the whole vehicles answer.
 */
export function triageVehicles(vehicles: readonly Vehicle[], filter: VehicleFilter, order: ListOrder, now: number): Triage {
  const narrowed = vehiclesInGroupAndSearch(vehicles, filter);
  return {
    rows: sortVehicles(inStates(narrowed, filter.states, now), order),
    counts: countStates(narrowed, now),
  };
}
