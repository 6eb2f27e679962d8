import type { driverSchema } from '@fleet/shared';
import { isDriverOutOfDate } from '@fleet/shared/rules/driver';
import type { z } from 'zod';

export type Driver = z.infer<typeof driverSchema>;
export interface DriverRow extends Driver {
  /** Recomputed against the page's clock: a driver goes out of date while the page stays open. */
  stale: boolean;
}

/** 'attention': out-of-date drivers first (the ones to chase), then by name; 'name': A to Z. */
export type DriverSort = 'attention' | 'name';

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true }).compare;

/** The drivers to list: matching the search (any part of the name, any case), in the chosen order. */
export function driverRows(drivers: readonly Driver[], search: string, sort: DriverSort, nowMs: number): DriverRow[] {
  const q = search.trim().toLocaleLowerCase('en-GB');
  const rows = drivers
    .filter((d) => !q || d.name.toLocaleLowerCase('en-GB').includes(q))
    .map((d) => ({ ...d, stale: d.outofdate || isDriverOutOfDate(d.updated, nowMs) }));
  return rows.sort((a, b) => (sort === 'attention' ? Number(b.stale) - Number(a.stale) : 0) || byName(a.name, b.name) || a.id - b.id);
}

/** How many of the rows are out of date (shown in the panel's header). */
export const countStale = (rows: readonly DriverRow[]) => rows.reduce((n, r) => n + (r.stale ? 1 : 0), 0);

/** What a driver row needs of a vehicle: which one it is and who drives it (the vehicles answer). */
export interface DriverVehicle {
  unitid: number;
  registration: string;
  drivername: string;
  updated: string | null;
}

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');

/**
 * The vehicle each driver is shown in, by name (the vehicles answer names the driver, any case and
 * spacing); a driver in several vehicles is in the one that reported last. Drivers in none are absent.
 */
export function vehiclesByDriver<V extends DriverVehicle>(vehicles: readonly V[]): ReadonlyMap<string, V> {
  const byName = new Map<string, V>();
  const at = (v: V) => (v.updated ? Date.parse(v.updated) || 0 : 0);
  for (const v of vehicles) {
    const key = nameKey(v.drivername);
    if (!key) continue;
    const seen = byName.get(key);
    if (!seen || at(v) > at(seen) || (at(v) === at(seen) && v.unitid < seen.unitid)) byName.set(key, v);
  }
  return byName;
}

/** The driver's vehicle in a map from vehiclesByDriver, or null. */
export function vehicleOfDriver<V extends DriverVehicle>(byName: ReadonlyMap<string, V>, driverName: string): V | null {
  return byName.get(nameKey(driverName)) ?? null;
}
