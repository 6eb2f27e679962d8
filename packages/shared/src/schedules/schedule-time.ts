import { addDays, hhmmMinutes, isoWeekday, zonedDate, zonedInstant } from '../rules/zoned.ts';

/**
 * When a scheduled report is due and which days it covers (issue 14): pure wall-clock maths in the
 * site's zone. A due time that falls in the spring-forward gap is read past the gap (02:30 on the
 * night Berlin's clocks jump from 02:00 to 03:00 is 03:30); one that happens twice (clocks going
 * back) is the first occurrence, and the schedule runs once that day.
 */

export const SCHEDULE_FREQUENCIES = ['daily', 'weekdays', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** The relative ranges a schedule keeps; each becomes the report's from/to (site days) at run time. */
export const SCHEDULE_RANGES = ['yesterday', 'last7days', 'lastweek', 'last30days', 'lastmonth'] as const;
export type ScheduleRange = (typeof SCHEDULE_RANGES)[number];

export interface ScheduleWhen {
  frequency: ScheduleFrequency;
  /** 'HH:mm', the site's wall clock. */
  at: string;
  /** weekly: ISO weekday, 1 Monday … 7 Sunday. */
  weekday?: number | null;
  /** monthly: 1 … 31; past a short month's end, its last day. */
  monthDay?: number | null;
}

function daysInMonth(day: string): number {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Whether a schedule runs on a calendar date 'YYYY-MM-DD'. */
export function runsOn(when: ScheduleWhen, day: string): boolean {
  switch (when.frequency) {
    case 'daily': return true;
    case 'weekdays': return isoWeekday(day) <= 5;
    case 'weekly': return isoWeekday(day) === (when.weekday ?? 1);
    case 'monthly': return Number(day.slice(8, 10)) === Math.min(when.monthDay ?? 1, daysInMonth(day));
  }
}

/** The first due instant (epoch seconds) strictly after `after` (epoch seconds), in zone `timeZone`. */
export function nextDueAt(when: ScheduleWhen, after: number, timeZone: string): number {
  const minutes = hhmmMinutes(when.at);
  // From the day before (a zone ahead of UTC) through a little over a year (a monthly on the 31st
  // is due every month: the last day stands in for it).
  let day = addDays(zonedDate(after, timeZone), -1);
  for (let i = 0; i < 400; i++, day = addDays(day, 1)) {
    if (!runsOn(when, day)) continue;
    const t = zonedInstant(day, minutes, timeZone);
    if (t > after) return t;
  }
  throw new Error('a schedule with no due day in a year');
}

/**
 * The latest due instant at or before `now`, starting from `due` (a due instant itself): what a
 * worker that was stopped for a while runs, once, instead of every missed time.
 */
export function latestDueAtOrBefore(when: ScheduleWhen, due: number, now: number, timeZone: string): number {
  let latest = due;
  for (let next = nextDueAt(when, due, timeZone); next <= now; next = nextDueAt(when, next, timeZone)) latest = next;
  return latest;
}

/** The site days (both included) a range covers for a run due at `due` (epoch seconds). */
export function rangeDays(range: ScheduleRange, due: number, timeZone: string): { from: string; to: string } {
  const today = zonedDate(due, timeZone);
  const yesterday = addDays(today, -1);
  switch (range) {
    case 'yesterday': return { from: yesterday, to: yesterday };
    case 'last7days': return { from: addDays(today, -7), to: yesterday };
    case 'last30days': return { from: addDays(today, -30), to: yesterday };
    case 'lastweek': {
      const monday = addDays(today, 1 - isoWeekday(today));
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    }
    case 'lastmonth': {
      const first = `${today.slice(0, 8)}01`;
      const prevLast = addDays(first, -1);
      return { from: `${prevLast.slice(0, 8)}01`, to: prevLast };
    }
  }
}
