import { isOutsideWorkingHours } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { hoursChanged, hoursProblem, isClockTime, tidyTime, toggleDay, windowShape } from './working-hours-form.ts';

describe('working hours form', () => {
  it.each([
    [{ days: [], start: '06:00', end: '18:00' }, 'noDays'],
    [{ days: [1], start: '6:00', end: '18:00' }, 'badStart'],
    [{ days: [1], start: '06:00', end: '24:00' }, 'badEnd'],
    [{ days: [1], start: '', end: '18:00' }, 'badStart'],
    [{ days: [1, 2], start: '22:00', end: '06:00' }, null],
    [{ days: [7], start: '00:00', end: '00:00' }, null],
  ])('hours %o: %s', (h, problem) => {
    expect(hoursProblem(h)).toBe(problem);
  });

  it('tidies a plainly typed 24-hour time to HH:mm and leaves anything else for the check to refuse', () => {
    expect(tidyTime('6:00')).toBe('06:00');
    expect(tidyTime(' 0630 ')).toBe('06:30');
    expect(tidyTime('18.45')).toBe('18:45');
    expect(tidyTime('23:59')).toBe('23:59');
    for (const bad of ['6pm', '6:00 PM', '24:00', '7:60', '930am', '', '12345']) {
      expect(isClockTime(tidyTime(bad))).toBe(false);
    }
  });

  it('names the window the way the Run Over rule reads it', () => {
    expect(windowShape('06:00', '18:00')).toBe('sameDay');
    expect(windowShape('22:00', '06:00')).toBe('overnight');
    expect(windowShape('00:00', '00:00')).toBe('allDay');
    // The rule agrees: Monday 23:00 UK time is inside a Monday 22:00-06:00 night window.
    const mondayNight = Date.parse('2026-11-23T23:00:00Z');
    expect(isOutsideWorkingHours(mondayNight, 'Europe/London', { days: [1], start: '22:00', end: '06:00' })).toBe(false);
  });

  it('toggles days and keeps them in week order', () => {
    expect(toggleDay([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggleDay([1, 3, 5], 3)).toEqual([1, 5]);
  });

  it('sees a change only when something differs', () => {
    const saved = { days: [1, 2], start: '06:00', end: '18:00' };
    expect(hoursChanged(saved, { days: [2, 1], start: '06:00', end: '18:00' })).toBe(false);
    expect(hoursChanged(saved, { days: [1, 2], start: '07:00', end: '18:00' })).toBe(true);
  });
});
