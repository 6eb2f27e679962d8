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

/** setworkinghours (administrators): the current site's working hours. */
export const workingHoursBodySchema = z.strictObject({
  days: workingHoursSchema.shape.days, start: workingHoursSchema.shape.start, end: workingHoursSchema.shape.end,
});
