import type { VclAlert, VclDealtEvent } from '@fleet/shared';
import { DEFAULT_TIME_ZONE, formatHHmm } from '../../../shared/format/time.ts';

/** How many faulty item names a row spells out before '+N more'. */
export const SHOWN_ITEMS = 3;

/** Newest first by report time, then by id (a later id arrived later). */
export function newestFirst(list: readonly VclAlert[]): VclAlert[] {
  return [...list].sort((a, b) => {
    const at = Date.parse(b.reported) - Date.parse(a.reported);
    return at !== 0 && !Number.isNaN(at) ? at : b.id - a.id;
  });
}

/** Keeps the rows whose registration or driver contains every word of `search` (case and spaces ignored). */
export function searchVclAlerts(list: readonly VclAlert[], search: string): VclAlert[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return list.filter((a) => {
    const hay = `${a.registration.toLowerCase()} ${a.driver.toLowerCase()} ${squash(a.registration)}`;
    return words.every((w) => hay.includes(w));
  });
}

/**
 * 'vcl:dealt' from the site socket: the check list's open count becomes the event's; a check list
 * with nothing open leaves the list. An event for a check list not held changes nothing (the same list object).
 */
export function applyVclDealt(list: readonly VclAlert[], event: VclDealtEvent): readonly VclAlert[] {
  const at = list.findIndex((a) => a.id === event.id);
  if (at < 0) return list;
  if (event.open <= 0) return list.filter((a) => a.id !== event.id);
  if (list[at]?.open === event.open) return list;
  return list.map((a) => (a.id === event.id ? { ...a, open: event.open } : a));
}

/** The words of a row's faults: the count, then the first few item names and how many more. */
export interface FaultSummary {
  count: number;
  names: string[];
  more: number;
}

export function faultSummary(alert: Pick<VclAlert, 'ic' | 'items'>, shown = SHOWN_ITEMS): FaultSummary {
  const names = alert.items.slice(0, shown);
  const count = Math.max(alert.ic, alert.items.length);
  return { count, names, more: Math.max(0, alert.items.length - names.length) };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayKey(d: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(d);
}

const shortDates = new Map<string, Intl.DateTimeFormat>();
function shortDate(timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withYear}`;
  let f = shortDates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: withYear ? 'numeric' : undefined });
    shortDates.set(key, f);
  }
  return f;
}

/** A report time in the site's zone: 'HH:mm', and the date ('23 Nov', another year '23 Nov 2025') when not today. */
export function reportedWhen(value: string, now: Date, timeZone = DEFAULT_TIME_ZONE): { time: string; date: string | null } {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return { time: '', date: null };
  const day = dayKey(d, timeZone);
  const today = dayKey(now, timeZone);
  if (day === today) return { time: formatHHmm(d, timeZone), date: null };
  return { time: formatHHmm(d, timeZone), date: shortDate(timeZone, day.slice(0, 4) !== today.slice(0, 4)).format(d) };
}
