import type { FmsColumn, FmsReading, FmsVehicle, UnitSystem } from '@fleet/shared';
import { KM_PER_MILE } from '@fleet/shared';
import type { FleetEngine } from '../api/engine-api.ts';

/** A vehicle whose latest report is older than this shows its values as stale, with their age. */
export const STALE_MS = 60 * 60_000;

export interface Sort {
  /** 'registration', 'updated' or a column key. */
  column: string;
  descending: boolean;
}
export const DEFAULT_SORT: Sort = { column: 'registration', descending: false };

/** The next sort when a column's heading is chosen: its own column flips, another starts ascending. */
export function nextSort(sort: Sort, column: string): Sort {
  return sort.column === column ? { column, descending: !sort.descending } : { column, descending: false };
}

export const valueOf = (v: FmsVehicle, key: string): FmsReading | undefined => v.values.find((r) => r.key === key);

/** Vehicles whose units report engine data (asset trackers and phones do not). */
export function reporting(list: readonly FmsVehicle[]): FmsVehicle[] {
  return list.filter((v) => v.values.length > 0);
}

/** What one vehicle's page lists: values with a unit, and the fault counts (states such as ignition 0/1 are the fleet page's). */
export function vehiclePageValues(values: readonly FmsReading[]): FmsReading[] {
  return values.filter((r) => r.unit !== '' || r.group === 'faults');
}

/** Vehicles whose registration or unit type holds the search text (any case). */
export function searchVehicles(list: readonly FmsVehicle[], text: string): FmsVehicle[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [...list];
  return list.filter((v) => v.registration.toLowerCase().includes(q) || v.unittype.toLowerCase().includes(q));
}

/** Sorted by the column; vehicles without that value always last, ties by registration. */
export function sortVehicles(list: readonly FmsVehicle[], sort: Sort): FmsVehicle[] {
  const dir = sort.descending ? -1 : 1;
  const byReg = (a: FmsVehicle, b: FmsVehicle) => a.registration.localeCompare(b.registration, 'en-GB', { numeric: true });
  const key = (v: FmsVehicle): number | string | null =>
    sort.column === 'registration' ? v.registration
      : sort.column === 'updated' ? (v.updated ? Date.parse(v.updated) : null)
        : valueOf(v, sort.column)?.value ?? null;
  return [...list].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? byReg(a, b) : ka === null ? 1 : -1;
    const c = typeof ka === 'string' && typeof kb === 'string' ? ka.localeCompare(kb, 'en-GB', { numeric: true }) : Number(ka) - Number(kb);
    return c !== 0 ? c * dir : byReg(a, b);
  });
}

/** Whether a vehicle's values are old (its latest report over STALE_MS ago), or it never reported. */
export function isStale(v: Pick<FmsVehicle, 'updated'>, now: Date): boolean {
  return v.updated === null || now.getTime() - Date.parse(v.updated) > STALE_MS;
}

/**
 * Live updates merged into the fleet's answer: each updated vehicle replaces its row (an older
 * update than the row holds is ignored), and a value no column had yet adds its column at the end.
 * Returns the same object when nothing changed, so React does not render for nothing.
 */
export function mergeUpdates(data: FleetEngine, updates: readonly FmsVehicle[]): FleetEngine {
  const byId = new Map(updates.map((u) => [u.unitid, u]));
  let changed = false;
  const vehicles = data.vehicles.map((v) => {
    const u = byId.get(v.unitid);
    if (!u || (v.updated && u.updated && Date.parse(u.updated) < Date.parse(v.updated))) return v;
    changed = true;
    return u;
  });
  if (!changed) return data;
  const known = new Set(data.columns.map((c) => c.key));
  const added: FmsColumn[] = [];
  for (const u of byId.values()) {
    for (const r of u.values) {
      if (known.has(r.key)) continue;
      known.add(r.key);
      added.push({ key: r.key, name: r.name, unit: r.unit, group: r.group });
    }
  }
  return { columns: added.length > 0 ? [...data.columns, ...added] : data.columns, vehicles };
}

/** A unit the site's system reads otherwise: km → mi, km/h → mph on imperial sites. */
export function displayUnit(unit: string, system: UnitSystem): string {
  if (system !== 'imperial') return unit;
  return unit === 'km' ? 'mi' : unit === 'km/h' ? 'mph' : unit;
}

const number = (v: number, decimals: number) => v.toLocaleString('en-GB', { maximumFractionDigits: decimals });

/** A reading's number as the site reads it, without its unit (the table's headings carry the units). */
export function readingNumber(r: Pick<FmsReading, 'value' | 'unit' | 'text'>, system: UnitSystem): string {
  if (system === 'imperial' && (r.unit === 'km' || r.unit === 'km/h')) {
    const v = r.value / KM_PER_MILE;
    return number(v, r.unit === 'km' && v < 100 ? 1 : 0);
  }
  // The server writes '<number> <unit>' (io-catalogue.ts ioValueText).
  return r.unit !== '' && r.text.endsWith(` ${r.unit}`) ? r.text.slice(0, -(r.unit.length + 1)) : r.text;
}

/** A reading as the site reads it: distances and speeds in its system, the rest as the server wrote it. */
export function readingText(r: Pick<FmsReading, 'value' | 'unit' | 'text'>, system: UnitSystem): string {
  const unit = displayUnit(r.unit, system);
  return unit === '' ? readingNumber(r, system) : `${readingNumber(r, system)} ${unit}`;
}
