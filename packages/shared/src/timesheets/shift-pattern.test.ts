import { describe, expect, it } from 'vitest';
import { nightSeconds, plannedSpan, shiftPatternSchema, type ShiftPattern } from './shift-pattern.ts';

const london = 'Europe/London';
const s = (iso: string) => Date.parse(iso) / 1000;
const at = (t: number) => new Date(t * 1000).toISOString();

const nights: ShiftPattern = {
  name: 'Trunking nights',
  days: [{ weekday: 6, start: '22:00', end: '06:00', paidBreakMin: 30 }],
  overtimeAfterDayMin: 540,
  overtimeAfterWeekMin: null,
  night: { start: '23:00', end: '06:00' },
};

function messages(input: unknown): string[] {
  const r = shiftPatternSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('shift pattern schema', () => {
  it('accepts a pattern with a night shift over midnight', () => {
    expect(messages(nights)).toEqual([]);
  });

  it.each([
    [{ days: [{ weekday: 1, start: '7:00', end: '17:00', paidBreakMin: 30 }] }, 'days.0.start: must be a time as HH:mm, 00:00 to 23:59'],
    [{ days: [{ weekday: 1, start: '24:00', end: '17:00', paidBreakMin: 30 }] }, 'days.0.start: must be a time as HH:mm, 00:00 to 23:59'],
    [{ days: [{ weekday: 8, start: '07:00', end: '17:00', paidBreakMin: 30 }] }, 'days.0.weekday: must be at most 7'],
    [{ days: [{ weekday: 1, start: '07:00', end: '07:00', paidBreakMin: 30 }] }, 'days.0.end: must differ from start (a shift of 0 or 24 hours is not a plan)'],
    [{ days: [{ weekday: 1, start: '07:00', end: '17:00', paidBreakMin: 300 }] }, 'days.0.paidBreakMin: must be at most 240'],
    [{ days: [nights.days[0], nights.days[0]] }, 'days.1.weekday: weekday 6 is planned twice'],
    [{ overtimeAfterDayMin: 0 }, 'overtimeAfterDayMin: must be 1 or more'],
    [{ overtimeAfterWeekMin: 10081 }, 'overtimeAfterWeekMin: must be at most 10080'],
    [{ night: { start: '23:00', end: '23:00' } }, 'night.end: must differ from start'],
    [{ name: '  ' }, 'name: must not be empty'],
  ])('refuses %j with a clear message', (change, message) => {
    expect(messages({ ...nights, ...change })).toContain(message);
  });

  it('refuses unknown fields and a missing overtime rule (null says "none")', () => {
    expect(messages({ ...nights, colour: 'red' }).join()).toMatch(/colour/);
    const { overtimeAfterWeekMin: _, ...without } = nights;
    expect(messages(without)).toEqual(['overtimeAfterWeekMin: give minutes, or null for no overtime rule']);
  });
});

describe('planned spans and night time across the clock changes', () => {
  it('a 22:00 → 06:00 plan is 9 real hours the night the clocks go back, 7 when they go forward', () => {
    const oct = plannedSpan(nights, '2026-10-24', london);
    expect(oct && [at(oct.start), at(oct.end), oct.end - oct.start]).toEqual(['2026-10-24T21:00:00.000Z', '2026-10-25T06:00:00.000Z', 9 * 3600]);
    const mar = plannedSpan(nights, '2026-03-28', london);
    expect(mar && mar.end - mar.start).toBe(7 * 3600);
    expect(plannedSpan(nights, '2026-10-23', london)).toBeUndefined(); // a Friday: not planned
  });

  it('counts the night window in local time on each date', () => {
    const night = nights.night;
    // A whole autumn night 23:00 BST → 06:00 GMT is 8 hours; a spring one 23:00 GMT → 06:00 BST is 6.
    expect(nightSeconds(s('2026-10-24T12:00:00Z'), s('2026-10-25T12:00:00Z'), night, london)).toBe(8 * 3600);
    expect(nightSeconds(s('2026-03-28T12:00:00Z'), s('2026-03-29T12:00:00Z'), night, london)).toBe(6 * 3600);
    // Two nights in one span, and pieces of them at both ends (GMT, so UTC reads as local).
    expect(nightSeconds(s('2026-11-23T05:00:00Z'), s('2026-11-24T23:30:00Z'), night, london)).toBe(3600 + 7 * 3600 + 1800);
    // A daytime span, no window, an empty span.
    expect(nightSeconds(s('2026-11-23T08:00:00Z'), s('2026-11-23T18:00:00Z'), night, london)).toBe(0);
    expect(nightSeconds(s('2026-11-23T22:00:00Z'), s('2026-11-24T02:00:00Z'), null, london)).toBe(0);
    expect(nightSeconds(s('2026-11-24T02:00:00Z'), s('2026-11-24T02:00:00Z'), night, london)).toBe(0);
    // In New York (UTC-5 in November) 23:00 local is 04:00 UTC.
    expect(nightSeconds(s('2026-11-24T03:00:00Z'), s('2026-11-24T05:00:00Z'), night, 'America/New_York')).toBe(3600);
  });
});
