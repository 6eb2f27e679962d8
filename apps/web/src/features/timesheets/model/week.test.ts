import { describe, expect, it } from 'vitest';
import { fromLocalInput, hoursMinutes, nextWeek, previousWeek, readBreakMinutes, readWeek, toLocalInput } from './week.ts';

describe('timesheet weeks and times', () => {
  it('reads a week commencing only on a real Monday', () => {
    expect(readWeek('2026-10-19')).toBe('2026-10-19');
    expect(readWeek('2026-10-20')).toBeNull();
    expect(readWeek('2026-02-30')).toBeNull();
    expect(readWeek('WC12')).toBeNull();
    expect(readWeek(undefined)).toBeNull();
    expect(previousWeek('2026-01-05')).toBe('2025-12-29');
    expect(nextWeek('2026-10-19')).toBe('2026-10-26');
  });

  it('writes durations as h:mm', () => {
    expect(hoursMinutes(0)).toBe('0:00');
    expect(hoursMinutes(37.5 * 3600)).toBe('37:30');
    expect(hoursMinutes(59)).toBe('0:01');
    expect(hoursMinutes(38 * 3600 + 33 * 60)).toBe('38:33');
    expect(hoursMinutes(-5)).toBe('0:00');
  });

  it("turns the site's wall clock into instants and back, across the clock changes", () => {
    expect(fromLocalInput('2026-10-19T07:00', 'Europe/London')).toBe('2026-10-19T06:00:00.000Z');
    expect(fromLocalInput('2026-10-26T07:00', 'Europe/London')).toBe('2026-10-26T07:00:00.000Z');
    // 01:30 happens twice on 25 October: the first (BST).
    expect(fromLocalInput('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(toLocalInput('2026-10-19T06:00:00.000Z', 'Europe/London')).toBe('2026-10-19T07:00');
    expect(toLocalInput('2026-10-19T06:00:00.000Z', 'America/New_York')).toBe('2026-10-19T02:00');
    expect(fromLocalInput('2026-10-19 07:00', 'Europe/London')).toBeNull();
    expect(fromLocalInput('2026-02-30T07:00', 'Europe/London')).toBeNull();
  });

  it('reads break minutes', () => {
    expect(readBreakMinutes('30')).toBe(30);
    expect(readBreakMinutes(0)).toBe(0);
    expect(readBreakMinutes('')).toBeNull();
    expect(readBreakMinutes('7.5')).toBeNull();
    expect(readBreakMinutes('721')).toBeNull();
    expect(readBreakMinutes('-1')).toBeNull();
  });
});
