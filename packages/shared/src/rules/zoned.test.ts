import { describe, expect, it } from 'vitest';
import { addDays, isIanaTimeZone, isoWeekday, weekCommencingOf, zonedDate, zonedInstant } from './zoned.ts';

const london = 'Europe/London';
const s = (iso: string) => Date.parse(iso) / 1000;
const at = (t: number) => new Date(t * 1000).toISOString();

describe('zoned wall-clock arithmetic', () => {
  it.each([
    // 2026: clocks go forward Sun 29 March 01:00 UTC, back Sun 25 October 01:00 UTC.
    ['2026-03-29', 0, '2026-03-29T00:00:00.000Z'], // midnight still GMT
    ['2026-03-29', 90, '2026-03-29T01:30:00.000Z'], // 01:30 does not exist: read past the gap as 02:30 BST
    ['2026-03-29', 180, '2026-03-29T02:00:00.000Z'], // 03:00 BST
    ['2026-03-30', 0, '2026-03-29T23:00:00.000Z'], // Monday's midnight in summer time: Sunday was 23 hours
    ['2026-10-25', 0, '2026-10-24T23:00:00.000Z'], // midnight still BST
    ['2026-10-25', 90, '2026-10-25T00:30:00.000Z'], // 01:30 happens twice: the first (BST)
    ['2026-10-25', 150, '2026-10-25T02:30:00.000Z'], // 02:30 GMT
    ['2026-10-26', 0, '2026-10-26T00:00:00.000Z'], // Sunday was 25 hours
  ])('%s +%i min in London is %s', (day, minutes, expected) => {
    expect(at(zonedInstant(day, minutes, london))).toBe(expected);
  });

  it('finds the first instant of a day whose midnight is skipped (Chile, September)', () => {
    // 2026-09-06: Santiago moves from -04 to -03 at 00:00, so the day starts at 01:00 local = 04:00 UTC.
    expect(at(zonedInstant('2026-09-06', 0, 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(zonedDate(zonedInstant('2026-09-06', 0, 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06');
  });

  it('dates, weekdays and weeks commencing Monday', () => {
    expect(zonedDate(s('2026-10-24T23:30:00Z'), london)).toBe('2026-10-25'); // 00:30 BST Sunday
    expect(zonedDate(s('2026-11-23T23:30:00Z'), 'America/New_York')).toBe('2026-11-23');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(weekCommencingOf('2026-11-29')).toBe('2026-11-23');
    expect(weekCommencingOf('2026-11-23')).toBe('2026-11-23');
    expect(weekCommencingOf('2026-03-01')).toBe('2026-02-23');
    expect(isIanaTimeZone('Europe/London')).toBe(true);
    expect(isIanaTimeZone('Europe/Londres')).toBe(false);
  });
});
