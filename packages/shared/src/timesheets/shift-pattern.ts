import { z } from 'zod';
import { int, text } from '../api/primitives.ts';
import { addDays, hhmmMinutes, isoWeekday, zonedDate, zonedInstant } from '../rules/zoned.ts';

/**
 * A site's shift pattern (issue 14): what a timesheet is held against. Times are wall-clock times
 * in the site's zone; an end at or before its start runs past midnight into the next day (22:00 →
 * 06:00) and belongs to the day it starts on. Weekdays are ISO (1 Monday … 7 Sunday); a weekday
 * the pattern does not list is a day off (nothing planned, no paid break).
 */

const hhmm = text(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm, 00:00 to 23:59');

/** The longest overtime threshold a day can have (24 h) and a week (7 × 24 h), in minutes. */
export const MAX_DAY_MINUTES = 24 * 60;
export const MAX_WEEK_MINUTES = 7 * 24 * 60;

/** One weekday's planned shift: start and end (local), and the break minutes paid within it. */
export const plannedDaySchema = z.strictObject({
  weekday: int(1, 7),
  start: hhmm,
  end: hhmm,
  paidBreakMin: int(0, 240),
}).superRefine((d, ctx) => {
  if (d.start === d.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must differ from start (a shift of 0 or 24 hours is not a plan)' });
});
export type PlannedDay = z.infer<typeof plannedDaySchema>;

/** The night window (local), e.g. 23:00 → 06:00; an end at or before the start runs over midnight. */
export const nightWindowSchema = z.strictObject({ start: hhmm, end: hhmm }).superRefine((n, ctx) => {
  if (n.start === n.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must differ from start' });
});
export type NightWindow = z.infer<typeof nightWindowSchema>;

/** Overtime after so many minutes, or null for none; leaving it out is refused (null says it on purpose). */
function overtimeAfter(max: number) {
  return int(1, max).nullable().or(z.undefined()).superRefine((v, ctx) => {
    if (v === undefined) ctx.addIssue({ code: 'custom', message: 'give minutes, or null for no overtime rule' });
  }).transform((v) => v ?? null);
}

/** A shift pattern: planned days, overtime thresholds (null: none), the night window (null: no night time). */
export const shiftPatternSchema = z.strictObject({
  name: text(60).trim().min(1, 'must not be empty'),
  days: z.array(plannedDaySchema).max(7, 'must list each weekday at most once'),
  overtimeAfterDayMin: overtimeAfter(MAX_DAY_MINUTES),
  overtimeAfterWeekMin: overtimeAfter(MAX_WEEK_MINUTES),
  night: nightWindowSchema.nullable(),
}).superRefine((p, ctx) => {
  const seen = new Set<number>();
  p.days.forEach((d, i) => {
    if (seen.has(d.weekday)) ctx.addIssue({ code: 'custom', path: ['days', i, 'weekday'], message: `weekday ${d.weekday} is planned twice` });
    seen.add(d.weekday);
  });
});
export type ShiftPattern = z.infer<typeof shiftPatternSchema>;

/** A pattern with nothing planned and no overtime or night rule: time is counted, nothing is held against it. */
export const EMPTY_SHIFT_PATTERN: ShiftPattern = { name: 'None', days: [], overtimeAfterDayMin: null, overtimeAfterWeekMin: null, night: null };

/** The planned day of a calendar date's weekday, if the pattern plans one. */
export function plannedDayOf(pattern: ShiftPattern, day: string): PlannedDay | undefined {
  const weekday = isoWeekday(day);
  return pattern.days.find((d) => d.weekday === weekday);
}

/**
 * The planned shift of a date as [start, end) epoch seconds in the zone: an end at or before the
 * start is on the next date, and the length is real time (a 22:00 → 06:00 plan is 9 hours on the
 * night the clocks go back). Undefined on a day off.
 */
export function plannedSpan(pattern: ShiftPattern, day: string, timeZone: string): { start: number; end: number } | undefined {
  const plan = plannedDayOf(pattern, day);
  if (!plan) return undefined;
  const s = hhmmMinutes(plan.start);
  const e = hhmmMinutes(plan.end);
  return { start: zonedInstant(day, s, timeZone), end: zonedInstant(e > s ? day : addDays(day, 1), e, timeZone) };
}

/**
 * Seconds of [from, to) inside the night window, each night taken in local time on its own date,
 * so a 23:00 → 06:00 window is 8 real hours on the night the clocks go back and 6 in spring.
 */
export function nightSeconds(from: number, to: number, night: NightWindow | null, timeZone: string): number {
  if (!night || to <= from) return 0;
  const firstDay = zonedDate(from, timeZone);
  const lastDay = zonedDate(to, timeZone);
  const s = hhmmMinutes(night.start);
  const e = hhmmMinutes(night.end);
  let total = 0;
  // A window starting the day before firstDay can reach into it when it runs over midnight.
  for (let day = addDays(firstDay, -1); day <= lastDay; day = addDays(day, 1)) {
    const ws = zonedInstant(day, s, timeZone);
    const we = zonedInstant(e > s ? day : addDays(day, 1), e, timeZone);
    total += Math.max(0, Math.min(to, we) - Math.max(from, ws));
  }
  return total;
}
