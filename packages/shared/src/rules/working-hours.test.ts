import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS, isOutsideWorkingHours, localClock, runOverDayPart, workingHoursText } from './working-hours.ts';

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

describe('runOverDayPart: at most one Run Over per vehicle per day-part', () => {
  it.each([
    ['2026-11-23T05:00:00Z', '2026-11-23/before'], // Monday before work
    ['2026-11-23T18:30:00Z', '2026-11-23/after'], // Monday evening
    ['2026-11-23T23:59:00Z', '2026-11-23/after'],
    ['2026-11-24T00:10:00Z', '2026-11-24/before'], // after midnight: the next day's early part
    ['2026-11-28T10:00:00Z', '2026-11-28/day'], // Saturday: one part
    ['2026-11-28T23:00:00Z', '2026-11-28/day'],
    ['2026-07-06T04:30:00Z', '2026-07-06/before'], // 05:30 BST
    ['2026-07-05T23:30:00Z', '2026-07-06/before'], // 00:30 BST on Monday: the site's date, not UTC's
  ])('%s -> %s', (iso, part) => {
    expect(runOverDayPart(at(iso), london, DEFAULT_WORKING_HOURS)).toBe(part);
  });

  it('makes a night-shift site\'s daytime one part', () => {
    const night = { days: [1, 2, 3, 4, 5], start: '22:00', end: '06:00' };
    expect(runOverDayPart(at('2026-11-24T07:00:00Z'), london, night)).toBe('2026-11-24/day');
    expect(runOverDayPart(at('2026-11-24T21:00:00Z'), london, night)).toBe('2026-11-24/day');
  });
});

describe('workingHoursText', () => {
  it.each([
    [DEFAULT_WORKING_HOURS, 'Mon–Fri 06:00–18:00'],
    [{ days: [1, 2, 3, 4, 5, 6, 7], start: '07:00', end: '19:00' }, '07:00–19:00'],
    [{ days: [1, 3], start: '08:00', end: '12:00' }, 'Mon, Wed 08:00–12:00'],
    [{ days: [6, 1, 2, 3], start: '22:00', end: '06:00' }, 'Mon–Wed, Sat 22:00–06:00'],
    [{ days: [], start: '06:00', end: '18:00' }, 'no working days'],
  ])('%j -> %s', (hours, text) => expect(workingHoursText(hours)).toBe(text));
});
