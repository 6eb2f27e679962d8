import { z } from 'zod';
import { int, text } from '../api/primitives.ts';

/** A site's working hours: ISO weekdays (1 Monday … 7 Sunday) and a daily window, in the site's zone. */
export const workingHoursSchema = z.object({
  days: z.array(int(1, 7)).max(7),
  start: text(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'start is HH:mm'),
  end: text(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'end is HH:mm'),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;
export const DEFAULT_WORKING_HOURS: WorkingHours = { days: [1, 2, 3, 4, 5], start: '06:00', end: '18:00' };

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Weekday (1-7) and minutes after midnight of an instant in a time zone. */
export function localClock(timeMs: number, timeZone: string): { weekday: number; minutes: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(timeMs)).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAY[parts.weekday as string] ?? 1, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Run Over (our definition, docs/decisions.md): ignition on outside the site's working hours.
 * A window whose end is before its start runs over midnight (e.g. 22:00–06:00 night shifts),
 * and then belongs to the day it starts on.
 */
export function isOutsideWorkingHours(timeMs: number, timeZone: string, hours: WorkingHours): boolean {
  const { weekday, minutes } = localClock(timeMs, timeZone);
  const start = toMinutes(hours.start);
  const end = toMinutes(hours.end);
  if (start === end) return !hours.days.includes(weekday);
  if (start < end) return !(hours.days.includes(weekday) && minutes >= start && minutes < end);
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  const inside = (hours.days.includes(weekday) && minutes >= start) || (hours.days.includes(yesterday) && minutes < end);
  return !inside;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(timeMs: number, timeZone: string): string {
  let f = dateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, f);
  }
  return f.format(new Date(timeMs));
}

/**
 * The day-part of an instant outside working hours (docs/decisions.md, "Run Over once per
 * day-part"): on a working day with a daytime window, the part before the start and the part after
 * the end are two; any other day (a day off, a night-shift window) is one part. Keyed by the local
 * date, e.g. '2026-11-23/after'. Meant for instants outside the hours; inside it still answers a key.
 */
export function runOverDayPart(timeMs: number, timeZone: string, hours: WorkingHours): string {
  const { weekday, minutes } = localClock(timeMs, timeZone);
  const start = toMinutes(hours.start);
  const end = toMinutes(hours.end);
  const date = localDate(timeMs, timeZone);
  if (start < end && hours.days.includes(weekday)) return `${date}/${minutes < start ? 'before' : 'after'}`;
  return `${date}/day`;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Working hours in words for an alert's text: '06:00–18:00' every day, else with the days
 * ('Mon–Fri 06:00–18:00', 'Mon, Wed 08:00–12:00'); no working day at all is 'no working days'.
 */
export function workingHoursText(hours: WorkingHours): string {
  const days = [...new Set(hours.days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (days.length === 0) return 'no working days';
  const window = `${hours.start}–${hours.end}`;
  if (days.length === 7) return window;
  const runs: number[][] = [];
  for (const d of days) {
    const last = runs.at(-1);
    if (last && last.at(-1) === d - 1) last.push(d);
    else runs.push([d]);
  }
  const name = (d: number) => DAY_NAMES[d - 1] ?? '';
  const parts = runs.map((r) => (r.length >= 3 ? `${name(r[0] ?? 1)}–${name(r.at(-1) ?? 1)}` : r.map(name).join(', ')));
  return `${parts.join(', ')} ${window}`;
}

/** setworkinghours (administrators): the current site's working hours. */
export const workingHoursBodySchema = z.strictObject({
  days: workingHoursSchema.shape.days, start: workingHoursSchema.shape.start, end: workingHoursSchema.shape.end,
});
