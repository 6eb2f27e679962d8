import { plannedDayOf, plannedSpan, type ShiftPattern } from './shift-pattern.ts';
import { buildShifts } from './shifts.ts';
import type { TimesheetDay, TimesheetShift, TimesheetTotals, TimesheetTrip, TimesheetWeek } from './timesheet.schema.ts';
import { addDays, isIanaTimeZone, isoWeekday, weekCommencingOf, zonedInstant } from '../rules/zoned.ts';

/**
 * How far before and after the week a caller reads the driver's trips, in hours: a shift begun on
 * the Sunday before (not this week's) must be seen whole to be left out, and the last Sunday's
 * shift whole to be counted. Two shifts apart are at least 4 hours apart, so a day covers one.
 */
export const TIMESHEET_READ_MARGIN_H = 24;

const iso = (t: number) => new Date(t * 1000).toISOString();
const COUNTS = ['durationS', 'drivingS', 'idleS', 'breakS', 'otherS', 'nightS'] as const;
const TOTALS = [...COUNTS, 'shifts', 'plannedS', 'workedS', 'dailyOvertimeS', 'weeklyOvertimeS', 'overtimeS'] as const;

function zeroTotals(): TimesheetTotals {
  return Object.fromEntries(TOTALS.map((k) => [k, 0])) as TimesheetTotals;
}

/** A day's shifts added up, its plan, time paid (breaks beyond the paid allowance left out) and daily overtime. */
function dayOf(day: string, shifts: readonly TimesheetShift[], pattern: ShiftPattern, timeZone: string): TimesheetDay {
  const from = zonedInstant(day, 0, timeZone);
  const to = zonedInstant(addDays(day, 1), 0, timeZone);
  const plan = plannedSpan(pattern, day, timeZone);
  const paidBreakS = (plannedDayOf(pattern, day)?.paidBreakMin ?? 0) * 60;
  const t = zeroTotals();
  for (const s of shifts) for (const k of COUNTS) t[k] += s[k];
  t.shifts = shifts.length;
  t.plannedS = plan ? plan.end - plan.start : 0;
  t.workedS = t.durationS - Math.max(0, t.breakS - paidBreakS);
  t.dailyOvertimeS = pattern.overtimeAfterDayMin === null ? 0 : Math.max(0, t.workedS - pattern.overtimeAfterDayMin * 60);
  t.overtimeS = t.dailyOvertimeS;
  return {
    day, from: iso(from), to: iso(to), lengthS: to - from,
    plannedStart: plan ? iso(plan.start) : null, plannedEnd: plan ? iso(plan.end) : null, paidBreakS, ...t,
  };
}

/**
 * Weekly overtime: time worked in the week past the weekly threshold, not counting what daily
 * overtime already paid (an hour is overtime once). It falls on the day the running total passes
 * the threshold and the days after, so the days still add up to the week.
 */
function addWeeklyOvertime(days: TimesheetDay[], pattern: ShiftPattern): void {
  if (pattern.overtimeAfterWeekMin === null) return;
  const limit = pattern.overtimeAfterWeekMin * 60;
  let running = 0;
  for (const d of days) {
    const before = Math.max(0, running - limit);
    running += d.workedS - d.dailyOvertimeS;
    d.weeklyOvertimeS = Math.max(0, running - limit) - before;
    d.overtimeS = d.dailyOvertimeS + d.weeklyOvertimeS;
  }
}

/**
 * A driver's timesheet for the week commencing `weekCommencing` (a Monday) in the site's zone:
 * the shifts begun in the week (built from all the trips given, so pass those of
 * TIMESHEET_READ_MARGIN_H either side too), the seven days and the totals. Throws a RangeError
 * on a week that does not start on a Monday, a zone the runtime does not know, or a bad trip.
 */
export function buildTimesheetWeek(input: {
  trips: readonly TimesheetTrip[];
  weekCommencing: string;
  timeZone: string;
  pattern: ShiftPattern;
}): TimesheetWeek {
  const { weekCommencing: wc, timeZone, pattern } = input;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(wc) || Number.isNaN(Date.parse(`${wc}T00:00:00Z`)) || addDays(wc, 0) !== wc) {
    throw new RangeError(`week commencing '${wc}' is not a date as YYYY-MM-DD`);
  }
  if (isoWeekday(wc) !== 1) throw new RangeError(`week commencing '${wc}' is not a Monday (that week commences ${weekCommencingOf(wc)})`);
  if (!isIanaTimeZone(timeZone)) throw new RangeError(`'${timeZone}' is not a time zone this server knows`);
  const last = addDays(wc, 6);
  const shifts = buildShifts(input.trips, timeZone, pattern.night).filter((s) => s.day >= wc && s.day <= last);
  return timesheetWeekOfShifts({ shifts, weekCommencing: wc, timeZone, pattern });
}

/**
 * The week's days and totals from shifts already made (the office's corrected records, issue 14):
 * the same sums, plan and overtime as buildTimesheetWeek. Shifts whose day is outside the week are
 * left out; the week is taken as valid (buildTimesheetWeek checks it).
 */
export function timesheetWeekOfShifts(input: {
  shifts: readonly TimesheetShift[];
  weekCommencing: string;
  timeZone: string;
  pattern: ShiftPattern;
}): TimesheetWeek {
  const { weekCommencing: wc, timeZone, pattern } = input;
  const dates = Array.from({ length: 7 }, (_, i) => addDays(wc, i));
  const last = dates[6] ?? wc;
  const shifts = input.shifts.filter((s) => s.day >= wc && s.day <= last).sort((a, b) => a.start.localeCompare(b.start));
  const days = dates.map((d) => dayOf(d, shifts.filter((s) => s.day === d), pattern, timeZone));
  addWeeklyOvertime(days, pattern);
  const totals = zeroTotals();
  for (const d of days) for (const k of TOTALS) totals[k] += d[k];
  return {
    weekCommencing: wc,
    timeZone,
    from: days[0]?.from ?? '',
    to: days[6]?.to ?? '',
    shifts,
    days,
    totals,
  };
}
