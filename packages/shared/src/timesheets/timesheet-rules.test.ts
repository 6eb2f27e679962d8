import { describe, expect, it } from 'vitest';
import type { ShiftPattern } from './shift-pattern.ts';
import { drive, FW21, FW70 } from './test-drives.ts';
import { buildTimesheetWeek } from './timesheet-rules.ts';
import type { TimesheetTrip } from './timesheet.schema.ts';

const london = 'Europe/London';
const H = 3600;
const a = (id: number, v: typeof FW21, start: string, end: string, drivingS: number) => drive(id, v.unitid, v.registration, start, end, drivingS);

/** Days Mon–Fri 07:00–17:00 with 30 paid break minutes, Saturday nights 22:00–06:00; 9 h a day, 45 h a week. */
const pattern: ShiftPattern = {
  name: 'Days and Saturday nights',
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '07:00', end: '17:00', paidBreakMin: 30 }))
    .concat([{ weekday: 6, start: '22:00', end: '06:00', paidBreakMin: 30 }]),
  overtimeAfterDayMin: 9 * 60,
  overtimeAfterWeekMin: 45 * 60,
  night: { start: '23:00', end: '06:00' },
};

const week = (trips: TimesheetTrip[], weekCommencing: string, p: ShiftPattern = pattern) => buildTimesheetWeek({ trips, weekCommencing, timeZone: london, pattern: p });

describe('a driver\'s week', () => {
  it('across the October clock change: Sunday is 25 hours, the Saturday night shift 9 real hours', () => {
    const trips = [
      // Saturday 22:00 BST → Sunday 06:00 GMT: the clock shows 8 hours, the driver worked 9.
      a(1, FW21, '2026-10-24T21:00:00Z', '2026-10-25T00:30:00Z', 12000),
      a(2, FW21, '2026-10-25T01:15:00Z', '2026-10-25T06:00:00Z', 16200), // after a 45-minute break
      a(3, FW70, '2026-10-25T10:00:00Z', '2026-10-25T12:00:00Z', 6600), // a Sunday run, unplanned
    ];
    const w = week(trips, '2026-10-19');
    expect([w.from, w.to]).toEqual(['2026-10-18T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(w.days.map((d) => d.lengthS / H)).toEqual([24, 24, 24, 24, 24, 24, 25]);
    expect(w.shifts.map((s) => [s.day, s.durationS / H, s.breakS, s.nightS])).toEqual([
      // Night 23:00 BST (22:00Z) → 06:00 GMT is 8 hours; the 45-minute break is left out.
      ['2026-10-24', 9, 2700, 8 * H - 2700],
      ['2026-10-25', 2, 0, 0],
    ]);
    const sat = w.days[5];
    expect(sat).toMatchObject({
      plannedStart: '2026-10-24T21:00:00.000Z', plannedEnd: '2026-10-25T06:00:00.000Z', plannedS: 9 * H, paidBreakS: 1800,
      workedS: 9 * H - 900, dailyOvertimeS: 0, shifts: 1,
    });
    expect(w.days[6]).toMatchObject({ plannedS: 0, paidBreakS: 0, workedS: 2 * H, shifts: 1 });
  });

  it('across the March clock change: Sunday is 23 hours, the Saturday night shift 7 real hours', () => {
    const trips = [
      a(1, FW21, '2026-03-28T22:00:00Z', '2026-03-29T01:30:00Z', 12000), // 22:00 GMT → 02:30 BST
      a(2, FW21, '2026-03-29T01:50:00Z', '2026-03-29T05:00:00Z', 11000), // → 06:00 BST, after 20 minutes
    ];
    const w = week(trips, '2026-03-23');
    expect([w.from, w.to]).toEqual(['2026-03-23T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    expect(w.days.map((d) => d.lengthS / H)).toEqual([24, 24, 24, 24, 24, 24, 23]);
    expect(w.shifts).toHaveLength(1);
    // Night 23:00 GMT → 06:00 BST is 6 hours, less the 20-minute break.
    expect(w.shifts[0]).toMatchObject({ day: '2026-03-28', durationS: 7 * H, breakS: 1200, nightS: 6 * H - 1200 });
    // The break is within the 30 paid minutes: the whole 7 hours are paid, as planned.
    expect(w.days[5]).toMatchObject({ plannedS: 7 * H, workedS: 7 * H, overtimeS: 0 });
    expect(w.totals).toMatchObject({ shifts: 1, durationS: 7 * H, workedS: 7 * H, plannedS: 5 * 10 * H + 7 * H });
  });

  it('pays overtime past 9 hours a day, and past 45 hours a week of the rest', () => {
    const trips: TimesheetTrip[] = [];
    for (let i = 0; i < 5; i++) {
      const d = `2026-11-${23 + i}`; // Monday to Friday, GMT
      trips.push(a(10 * i + 1, FW21, `${d}T07:00:00Z`, `${d}T12:00:00Z`, 17000));
      trips.push(a(10 * i + 2, FW21, `${d}T12:45:00Z`, `${d}T17:30:00Z`, 16000)); // a 45-minute break
    }
    trips.push(a(60, FW70, '2026-11-28T08:00:00Z', '2026-11-28T12:00:00Z', 13000)); // Saturday morning, unplanned
    const w = week(trips, '2026-11-23');
    // 10.5 hours with 15 unpaid break minutes is 10 h 15 paid: 1 h 15 over the day's 9 hours.
    expect(w.days.slice(0, 5).map((d) => [d.workedS, d.dailyOvertimeS, d.weeklyOvertimeS])).toEqual(
      Array(5).fill([10.25 * H, 1.25 * H, 0]),
    );
    // Five days of 9 straight hours reach the 45; Saturday's 4 hours are all weekly overtime.
    expect(w.days[5]).toMatchObject({ workedS: 4 * H, dailyOvertimeS: 0, weeklyOvertimeS: 4 * H, overtimeS: 4 * H });
    expect(w.totals).toMatchObject({ shifts: 6, workedS: 5 * 10.25 * H + 4 * H, dailyOvertimeS: 6.25 * H, weeklyOvertimeS: 4 * H, overtimeS: 10.25 * H });
    const none = week(trips, '2026-11-23', { ...pattern, overtimeAfterDayMin: null, overtimeAfterWeekMin: null });
    expect(none.totals.overtimeS).toBe(0);
    const weeklyOnly = week(trips, '2026-11-23', { ...pattern, overtimeAfterDayMin: null });
    // All 55 h 15 count toward the week: 10 h 15 over 45, from Friday (its running total passes 45 h).
    expect(weeklyOnly.days.map((d) => d.weeklyOvertimeS / H)).toEqual([0, 0, 0, 0, 6.25, 4, 0]);
  });

  it('leaves out shifts begun in the weeks either side, and one over Sunday midnight stays in its week', () => {
    const trips = [
      a(1, FW21, '2026-11-22T22:00:00Z', '2026-11-23T04:00:00Z', 20000), // Sunday night before: last week's
      a(2, FW21, '2026-11-29T22:00:00Z', '2026-11-30T04:00:00Z', 20000), // Sunday night: this week's
    ];
    const w = week(trips, '2026-11-23');
    expect(w.shifts.map((s) => s.tripIds)).toEqual([[2]]);
    expect(w.days[6]).toMatchObject({ durationS: 6 * H, nightS: 5 * H });
  });

  it('an empty week: seven days, nothing worked, the plan still shown', () => {
    const w = week([], '2026-11-23');
    expect(w.shifts).toEqual([]);
    expect(w.days.map((d) => d.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(w.totals).toEqual({
      durationS: 0, drivingS: 0, idleS: 0, breakS: 0, otherS: 0, nightS: 0, shifts: 0,
      plannedS: 5 * 10 * H + 8 * H, workedS: 0, dailyOvertimeS: 0, weeklyOvertimeS: 0, overtimeS: 0,
    });
  });

  it('refuses a week that does not start on a Monday and an unknown zone', () => {
    expect(() => week([], '2026-11-25')).toThrow("week commencing '2026-11-25' is not a Monday (that week commences 2026-11-23)");
    expect(() => week([], '25/11/2026')).toThrow("week commencing '25/11/2026' is not a date as YYYY-MM-DD");
    expect(() => week([], '2026-02-30')).toThrow("week commencing '2026-02-30' is not a date as YYYY-MM-DD");
    expect(() => buildTimesheetWeek({ trips: [], weekCommencing: '2026-11-23', timeZone: 'Mars/Olympus', pattern })).toThrow(
      "'Mars/Olympus' is not a time zone this server knows",
    );
  });
});
