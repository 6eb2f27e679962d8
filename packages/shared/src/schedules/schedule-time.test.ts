import { describe, expect, it } from 'vitest';
import { latestDueAtOrBefore, nextDueAt, rangeDays, runsOn, type ScheduleWhen } from './schedule-time.ts';
import { saveScheduledReportBodySchema } from './schedules.schema.ts';

const s = (iso: string) => Date.parse(iso) / 1000;
const at = (t: number) => new Date(t * 1000).toISOString();
const london = 'Europe/London';
const berlin = 'Europe/Berlin';

describe('next due time in the site zone', () => {
  it('a daily 07:00 in London is 07:00 GMT in winter and 06:00 UTC in summer', () => {
    const daily: ScheduleWhen = { frequency: 'daily', at: '07:00' };
    expect(at(nextDueAt(daily, s('2026-11-24T06:59:59Z'), london))).toBe('2026-11-24T07:00:00.000Z');
    expect(at(nextDueAt(daily, s('2026-11-24T07:00:00Z'), london))).toBe('2026-11-25T07:00:00.000Z');
    expect(at(nextDueAt(daily, s('2026-06-01T12:00:00Z'), london))).toBe('2026-06-02T06:00:00.000Z');
  });

  it('a daily 02:30 on the night Berlin springs forward runs once, past the gap, then at 02:30 again', () => {
    const daily: ScheduleWhen = { frequency: 'daily', at: '02:30' };
    // 29 March 2026: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist and reads as 03:30 CEST.
    const gapNight = nextDueAt(daily, s('2026-03-28T12:00:00Z'), berlin);
    expect(at(gapNight)).toBe('2026-03-29T01:30:00.000Z');
    expect(at(nextDueAt(daily, gapNight, berlin))).toBe('2026-03-30T00:30:00.000Z');
    expect(at(nextDueAt(daily, s('2026-03-27T12:00:00Z'), berlin))).toBe('2026-03-28T01:30:00.000Z');
  });

  it('a daily 02:30 on the night the clocks go back runs once (the first 02:30)', () => {
    const daily: ScheduleWhen = { frequency: 'daily', at: '02:30' };
    // 25 October 2026: 03:00 CEST goes back to 02:00 CET; 02:30 happens twice.
    const first = nextDueAt(daily, s('2026-10-24T12:00:00Z'), berlin);
    expect(at(first)).toBe('2026-10-25T00:30:00.000Z');
    expect(at(nextDueAt(daily, first, berlin))).toBe('2026-10-26T01:30:00.000Z');
  });

  it('monthly on the 31st runs on the last day of a shorter month', () => {
    const monthly: ScheduleWhen = { frequency: 'monthly', at: '06:00', monthDay: 31 };
    const april = nextDueAt(monthly, s('2026-04-01T00:00:00Z'), london);
    expect(at(april)).toBe('2026-04-30T05:00:00.000Z');
    const may = nextDueAt(monthly, april, london);
    expect(at(may)).toBe('2026-05-31T05:00:00.000Z');
    expect(at(nextDueAt(monthly, s('2026-02-01T00:00:00Z'), london))).toBe('2026-02-28T06:00:00.000Z');
    expect(at(nextDueAt(monthly, s('2028-02-01T00:00:00Z'), london))).toBe('2028-02-29T06:00:00.000Z');
  });

  it('weekly on a weekday and weekdays only', () => {
    // Tuesday 24 November 2026.
    const friday: ScheduleWhen = { frequency: 'weekly', at: '17:30', weekday: 5 };
    expect(at(nextDueAt(friday, s('2026-11-24T10:00:00Z'), london))).toBe('2026-11-27T17:30:00.000Z');
    const weekdays: ScheduleWhen = { frequency: 'weekdays', at: '07:00' };
    expect(at(nextDueAt(weekdays, s('2026-11-27T08:00:00Z'), london))).toBe('2026-11-30T07:00:00.000Z');
    expect(runsOn(weekdays, '2026-11-28')).toBe(false);
    expect(runsOn(weekdays, '2026-11-30')).toBe(true);
  });

  it('a zone ahead of UTC: 00:30 in Tokyo is the previous UTC day', () => {
    const daily: ScheduleWhen = { frequency: 'daily', at: '00:30' };
    expect(at(nextDueAt(daily, s('2026-11-24T10:00:00Z'), 'Asia/Tokyo'))).toBe('2026-11-24T15:30:00.000Z');
  });

  it('after a stop, only the latest missed due time is run', () => {
    const daily: ScheduleWhen = { frequency: 'daily', at: '07:00' };
    expect(at(latestDueAtOrBefore(daily, s('2026-11-20T07:00:00Z'), s('2026-11-24T09:00:00Z'), london))).toBe('2026-11-24T07:00:00.000Z');
    expect(at(latestDueAtOrBefore(daily, s('2026-11-24T07:00:00Z'), s('2026-11-24T07:00:00Z'), london))).toBe('2026-11-24T07:00:00.000Z');
  });
});

describe('relative ranges become site days at run time', () => {
  // Due Monday 2 March 2026 at 00:30 in London (still 1 March in New York).
  const due = s('2026-03-02T00:30:00Z');
  it.each([
    ['yesterday', '2026-03-01', '2026-03-01'],
    ['last7days', '2026-02-23', '2026-03-01'],
    ['last30days', '2026-01-31', '2026-03-01'],
    ['lastweek', '2026-02-23', '2026-03-01'],
    ['lastmonth', '2026-02-01', '2026-02-28'],
  ] as const)('%s → %s … %s', (range, from, to) => {
    expect(rangeDays(range, due, london)).toEqual({ from, to });
  });

  it('reads the day in the site zone, not UTC', () => {
    expect(rangeDays('yesterday', due, 'America/New_York')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeDays('lastmonth', s('2026-01-01T06:00:00Z'), london)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(rangeDays('lastweek', s('2026-03-04T06:00:00Z'), london)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });
});

describe('savescheduledreport body', () => {
  const base = { name: 'Daily trips', what: 'trips', metric: 'vehicle', range: 'yesterday', format: 'xlsx', frequency: 'daily', at: '07:00', recipients: ['a@example.com'] };
  const issues = (b: object) => {
    const r = saveScheduledReportBodySchema.safeParse(b);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('accepts a plain schedule and fills defaults', () => {
    expect(saveScheduledReportBodySchema.parse(base)).toMatchObject({ src: [], options: {}, enabled: true });
  });
  it('refuses times, weekdays and month days that do not fit, bad and repeated addresses', () => {
    expect(issues({ ...base, at: '24:00' })).toEqual(['at: must be a time HH:mm between 00:00 and 23:59']);
    expect(issues({ ...base, at: '7:00' })).toHaveLength(1);
    expect(issues({ ...base, frequency: 'weekly' })).toEqual(['weekday: a weekly schedule needs its weekday (1 Monday … 7 Sunday)']);
    expect(issues({ ...base, weekday: 3 })).toEqual(['weekday: only a weekly schedule has a weekday']);
    expect(issues({ ...base, frequency: 'monthly', monthDay: 32 })).toEqual(['monthDay: must be at most 31']);
    expect(issues({ ...base, recipients: ['not an address'] })).toEqual(['recipients.0: is not an e-mail address']);
    expect(issues({ ...base, recipients: ['a@example.com', 'A@example.com'] })).toEqual(['recipients.1: is listed twice']);
    expect(issues({ ...base, recipients: [] })).toEqual(['recipients: must hold at least one address']);
    expect(issues({ ...base, recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`) })).toEqual(['recipients: must hold at most 20 addresses']);
    expect(issues({ ...base, metric: 'site', src: [1] })).toEqual(['src: a report per site takes no ids']);
    expect(issues({ ...base, range: 'nextweek' })).toHaveLength(1);
  });
});
