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
