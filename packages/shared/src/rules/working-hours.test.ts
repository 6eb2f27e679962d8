import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS, isOutsideWorkingHours, localClock } from './working-hours.ts';

const london = 'Europe/London';
// 2026-11-23 is a Monday; November is GMT (UTC+0), July is BST (UTC+1).
const at = (iso: string) => Date.parse(iso);

describe('working hours and Run Over', () => {
  it.each([
    ['2026-11-23T05:59:00Z', true], // Monday before 06:00
    ['2026-11-23T06:00:00Z', false], // Monday 06:00 starts the day
    ['2026-11-23T17:59:00Z', false],
    ['2026-11-23T18:00:00Z', true], // the end is not inside
    ['2026-11-28T10:00:00Z', true], // Saturday
    ['2026-11-29T10:00:00Z', true], // Sunday
  ])('%s outside default hours: %s', (iso, outside) => {
    expect(isOutsideWorkingHours(at(iso), london, DEFAULT_WORKING_HOURS)).toBe(outside);
  });

  it('uses the site time zone, summer time included', () => {
    // 05:30 UTC on a July Monday is 06:30 in London: inside.
    expect(isOutsideWorkingHours(at('2026-07-06T05:30:00Z'), london, DEFAULT_WORKING_HOURS)).toBe(false);
    expect(localClock(at('2026-07-06T05:30:00Z'), london)).toEqual({ weekday: 1, minutes: 390 });
  });

  it('handles a night shift over midnight, belonging to the day it starts', () => {
    const night = { days: [1, 2, 3, 4, 5], start: '22:00', end: '06:00' };
    expect(isOutsideWorkingHours(at('2026-11-23T23:00:00Z'), london, night)).toBe(false); // Monday night
    expect(isOutsideWorkingHours(at('2026-11-24T05:00:00Z'), london, night)).toBe(false); // Tuesday early, Monday's shift
    expect(isOutsideWorkingHours(at('2026-11-23T05:00:00Z'), london, night)).toBe(true); // Monday early: Sunday had no shift
    expect(isOutsideWorkingHours(at('2026-11-24T12:00:00Z'), london, night)).toBe(true);
  });
});
