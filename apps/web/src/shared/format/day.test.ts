import { describe, expect, it } from 'vitest';
import { dayIn, formatDay, isDay, shiftDay } from './day.ts';

describe('days in a time zone', () => {
  it('counts the day in the zone asked, not the machine', () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin, still the 23rd in London (winter) and New York.
    const t = '2026-11-23T23:30:00.000Z';
    expect(dayIn(t, 'Europe/London')).toBe('2026-11-23');
    expect(dayIn(t, 'Europe/Berlin')).toBe('2026-11-24');
    expect(dayIn(Date.parse(t), 'America/New_York')).toBe('2026-11-23');
    // British Summer Time: 23:30 UTC on 1 July is 00:30 on the 2nd in London.
    expect(dayIn('2026-07-01T23:30:00Z', 'Europe/London')).toBe('2026-07-02');
    expect(dayIn('not a time', 'Europe/London')).toBe('');
  });

  it('reads only real days written YYYY-MM-DD', () => {
    expect(isDay('2026-11-24')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-5', '24/11/2026', '', null, undefined, '2026-11-24T00:00', '0000-01-01']) {
      expect(isDay(bad)).toBe(false);
    }
  });

  it('steps across months, years and clock changes', () => {
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('names the day in words', () => {
    expect(formatDay('2026-11-24')).toBe('Tuesday, 24 November 2026');
    expect(formatDay('nonsense')).toBe('nonsense');
  });
});
