/**
 * A calendar day in a site's time zone as an interval of UTC instants, DST included: a day on which
 * the clocks go forward is 23 hours long, one on which they go back 25, and a day whose midnight
 * does not exist (a zone that springs forward at 00:00) starts at the first instant it has.
 * The zone arithmetic is packages/shared's (rules/zoned.ts), shared with the timesheets.
 */
import { addDays, isIanaTimeZone, wallSeconds, zonedDate } from '@fleet/shared';

/** What a site without a valid zone is read in: the column's default (sites.timezone). */
export const FALLBACK_TIME_ZONE = 'Europe/London';

/** Whether a zone name is one this runtime knows (IANA). */
export const isTimeZone = isIanaTimeZone;

/** The zone to read a site's days in: its own, or the fallback when the stored name is not a zone. */
export function zoneOrFallback(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
}

/** The wall-clock time at an instant in a zone, as if it were UTC (ms). */
function wallClock(ms: number, timeZone: string): number {
  const seconds = Math.floor(ms / 1000);
  return wallSeconds(seconds, timeZone) * 1000 + (ms - seconds * 1000);
}

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDay(ms: number, timeZone: string): string {
  return zonedDate(Math.floor(ms / 1000), timeZone);
}

/** The first instant (UTC ms) whose local date in the zone is `day` or later. */
function startOf(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  // Two rounds settle the offset unless midnight falls in a gap or an overlap.
  let t = wall - (wallClock(wall, timeZone) - wall);
  t = wall - (wallClock(t, timeZone) - t);
  if (wallClock(t, timeZone) === wall && localDay(t - 1, timeZone) < day) return t;
  // Midnight is skipped or doubled here: search ±6 hours for the first instant of the day, to the second.
  let lo = t - 6 * 3_600_000;
  let hi = t + 6 * 3_600_000;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (localDay(mid, timeZone) >= day) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The next calendar day of 'YYYY-MM-DD'. */
export const nextDay = (day: string): string => addDays(day, 1);

/** A day in a zone as [from, to) in UTC ms. */
export function dayBounds(day: string, timeZone: string): { from: number; to: number } {
  return { from: startOf(day, timeZone), to: startOf(nextDay(day), timeZone) };
}

/** Days `first` … `last` (both included) in a zone as [from, to) in UTC ms. */
export function daysBounds(first: string, last: string, timeZone: string): { from: number; to: number } {
  return { from: startOf(first, timeZone), to: startOf(nextDay(last), timeZone) };
}
