import { DEFAULT_TIME_ZONE } from '../../../shared/format/time.ts';

/** The fields of an alert record the list's search, filters and sort read. */
export interface ListedAlert {
  aid: number;
  uid: number;
  vehicle: string;
  loc: string;
  updated: string;
  cleared: string | null;
}

export const DATE_FILTERS = ['any', 'today', 'yesterday', 'week', 'month'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

export const SORT_COLUMNS = ['vehicle', 'what', 'where', 'when', 'state'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface Sort {
  column: SortColumn;
  descending: boolean;
}
/** Newest first, as the server answers. */
export const DEFAULT_SORT: Sort = { column: 'when', descending: true };

export interface AlertFilter {
  search: string;
  /** A unit id, or null for every vehicle. */
  vehicle: number | null;
  date: DateFilter;
}
export const NO_FILTER: AlertFilter = { search: '', vehicle: null, date: 'any' };

const dayFormat = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) of an instant in the site's zone. */
export function dayOf(value: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  let f = dayFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormat.set(timeZone, f);
  }
  return f.format(new Date(value));
}

/** Whole days between two calendar days (YYYY-MM-DD): 0 the same day, 1 the day before. */
function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
}

/** Whether an alert's time falls in the date filter (today, yesterday, the last 7 or 30 days), counted in the site's days. */
export function inDateRange(updated: string, filter: DateFilter, now: Date, timeZone = DEFAULT_TIME_ZONE): boolean {
  if (filter === 'any') return true;
  const t = new Date(updated);
  if (Number.isNaN(t.getTime())) return false;
  const ago = daysBetween(dayOf(t, timeZone), dayOf(now, timeZone));
  if (filter === 'today') return ago === 0;
  if (filter === 'yesterday') return ago === 1;
  return ago >= 0 && ago < (filter === 'week' ? 7 : 30);
}

/** The alerts the search and filters let through; the search matches the vehicle, what happened and where, any case. */
export function filterAlerts<A extends ListedAlert>(alerts: readonly A[], f: AlertFilter, what: (a: A) => string, now: Date): A[] {
  const words = f.search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return alerts.filter((a) => {
    if (f.vehicle !== null && a.uid !== f.vehicle) return false;
    if (!inDateRange(a.updated, f.date, now)) return false;
    if (words.length === 0) return true;
    const text = `${a.vehicle} ${what(a)} ${a.loc}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** Sorted by a column; ties keep the newest first. Open sorts before cleared (ascending). */
export function sortAlerts<A extends ListedAlert>(alerts: readonly A[], sort: Sort, what: (a: A) => string): A[] {
  const key = (a: A): string | number => {
    switch (sort.column) {
      case 'vehicle': return a.vehicle;
      case 'what': return what(a);
      case 'where': return a.loc;
      case 'when': return Date.parse(a.updated) || 0;
      case 'state': return a.cleared === null ? 0 : 1;
    }
  };
  const sign = sort.descending ? -1 : 1;
  return [...alerts].sort((x, y) => {
    const a = key(x);
    const b = key(y);
    const c = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
    if (c !== 0) return sign * c;
    return (Date.parse(y.updated) || 0) - (Date.parse(x.updated) || 0);
  });
}

/** Clicking a column's header: that column ascending (time: newest first), again to reverse. */
export function nextSort(current: Sort, column: SortColumn): Sort {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: column === 'when' };
}

export interface VehicleGroup<A> {
  uid: number;
  vehicle: string;
  alerts: A[];
}

/** Groups alerts by vehicle, in the order each vehicle first appears (the list's sort holds). */
export function groupByVehicle<A extends ListedAlert>(alerts: readonly A[]): VehicleGroup<A>[] {
  const groups = new Map<number, VehicleGroup<A>>();
  for (const a of alerts) {
    const g = groups.get(a.uid);
    if (g) g.alerts.push(a);
    else groups.set(a.uid, { uid: a.uid, vehicle: a.vehicle, alerts: [a] });
  }
  return [...groups.values()];
}

/** The open ones' ids: what a clear of these alerts would clear. */
export function openIds(alerts: readonly ListedAlert[]): number[] {
  return alerts.filter((a) => a.cleared === null).map((a) => a.aid);
}

/** The vehicles in a list, by registration, for the vehicle filter. */
export function vehiclesOf(alerts: readonly ListedAlert[]): Array<{ uid: number; vehicle: string }> {
  const seen = new Map<number, string>();
  for (const a of alerts) if (!seen.has(a.uid)) seen.set(a.uid, a.vehicle);
  return [...seen].map(([uid, vehicle]) => ({ uid, vehicle })).sort((a, b) => collator.compare(a.vehicle, b.vehicle));
}
