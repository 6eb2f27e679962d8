import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShiftPattern } from './shift-pattern.ts';
import { SHIFT_RULES } from './shifts.ts';
import { buildTimesheetWeek } from './timesheet-rules.ts';
import type { TimesheetTrip } from './timesheet.schema.ts';

/** Weeks holding a clock change (London, Lord Howe's half hour, New York) and one without. */
const WEEKS = [
  { zone: 'Europe/London', wc: '2026-10-19' },
  { zone: 'Europe/London', wc: '2026-03-23' },
  { zone: 'Australia/Lord_Howe', wc: '2026-04-06' },
  { zone: 'America/New_York', wc: '2026-11-02' },
  { zone: 'Asia/Kolkata', wc: '2026-11-23' },
];

const pattern: ShiftPattern = {
  name: 'Mixed',
  days: [
    { weekday: 1, start: '06:00', end: '14:00', paidBreakMin: 20 },
    { weekday: 3, start: '22:00', end: '06:00', paidBreakMin: 45 },
    { weekday: 7, start: '01:30', end: '09:00', paidBreakMin: 0 },
  ],
  overtimeAfterDayMin: 8 * 60,
  overtimeAfterWeekMin: 30 * 60,
  night: { start: '22:30', end: '05:00' },
};

/** A driver's trips from two days before the week to two after: any lengths, gaps and overlaps, three vehicles. */
const tripsArb = fc.array(
  fc.record({
    offsetS: fc.integer({ min: 0, max: 11 * 86_400 }),
    spanS: fc.integer({ min: 0, max: 6 * 3600 }),
    drivingShare: fc.double({ min: 0, max: 1, noNaN: true }),
    idleShare: fc.double({ min: 0, max: 1, noNaN: true }),
    unit: fc.integer({ min: 1, max: 3 }),
  }),
  { maxLength: 40 },
);

type RawTrip = { offsetS: number; spanS: number; drivingShare: number; idleShare: number; unit: number };

function toTrips(raw: readonly RawTrip[], wc: string): TimesheetTrip[] {
  const base = Date.parse(`${wc}T00:00:00Z`) / 1000 - 2 * 86_400;
  return raw.map((r, i) => {
    const drivingS = Math.floor(r.spanS * r.drivingShare);
    return {
      id: i + 1,
      unitid: r.unit,
      registration: `FW0${r.unit} TST`,
      start: new Date((base + r.offsetS) * 1000).toISOString(),
      end: new Date((base + r.offsetS + r.spanS) * 1000).toISOString(),
      drivingS,
      idleS: Math.floor((r.spanS - drivingS) * r.idleShare),
    };
  });
}

const COUNTS = ['durationS', 'drivingS', 'idleS', 'breakS', 'otherS', 'nightS'] as const;
const TOTALS = [...COUNTS, 'shifts', 'plannedS', 'workedS', 'dailyOvertimeS', 'weeklyOvertimeS', 'overtimeS'] as const;

describe('timesheet properties', () => {
  it('totals are the sums of the shifts and of the days; time adds up; shifts never overlap', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEEKS), tripsArb, ({ zone, wc }, raw) => {
        const trips = toTrips(raw, wc);
        const w = buildTimesheetWeek({ trips, weekCommencing: wc, timeZone: zone, pattern });
        for (const k of COUNTS) expect(w.totals[k]).toBe(w.shifts.reduce((s, x) => s + x[k], 0));
        for (const k of TOTALS) expect(w.totals[k]).toBe(w.days.reduce((s, d) => s + d[k], 0));
        expect(w.totals.shifts).toBe(w.shifts.length);
        expect(Date.parse(w.to) - Date.parse(w.from)).toBe(w.days.reduce((s, d) => s + d.lengthS, 0) * 1000);
        for (const s of w.shifts) {
          expect(s.drivingS + s.idleS).toBeLessThanOrEqual(s.durationS);
          expect(s.otherS).toBeGreaterThanOrEqual(0);
          expect(s.nightS).toBeLessThanOrEqual(s.durationS - s.breakS);
          expect(s.breaks.every((b) => b.durationS >= SHIFT_RULES.breakMinS && b.durationS < SHIFT_RULES.restGapS)).toBe(true);
          expect(s.day >= wc && s.day <= (w.days[6]?.day ?? '')).toBe(true);
        }
        for (let i = 1; i < w.shifts.length; i++) {
          const gap = Date.parse(w.shifts[i]?.start ?? '') - Date.parse(w.shifts[i - 1]?.end ?? '');
          expect(gap).toBeGreaterThanOrEqual(SHIFT_RULES.restGapS * 1000);
        }
        for (const d of w.days) {
          expect(d.overtimeS).toBe(d.dailyOvertimeS + d.weeklyOvertimeS);
          expect(d.overtimeS).toBeLessThanOrEqual(d.workedS);
          expect(d.workedS).toBeLessThanOrEqual(d.durationS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the trips\' order does not matter', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEEKS), tripsArb, ({ zone, wc }, raw) => {
        const trips = toTrips(raw, wc);
        const once = buildTimesheetWeek({ trips, weekCommencing: wc, timeZone: zone, pattern });
        const again = buildTimesheetWeek({ trips: [...trips].reverse(), weekCommencing: wc, timeZone: zone, pattern });
        expect(again).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });
});
