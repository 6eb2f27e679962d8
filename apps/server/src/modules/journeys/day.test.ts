import { describe, expect, it } from 'vitest';
import { dayBounds, daysBounds, localDay, zoneOrFallback } from './day.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const hours = (b: { from: number; to: number }) => (b.to - b.from) / 3_600_000;

describe('a day in a site time zone', () => {
  it('is 24 hours on an ordinary day, starting at local midnight', () => {
    const b = dayBounds('2026-11-23', 'Europe/London');
    expect([iso(b.from), iso(b.to)]).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-24T00:00:00.000Z']);
    const ny = dayBounds('2026-07-01', 'America/New_York');
    expect([iso(ny.from), hours(ny)]).toEqual(['2026-07-01T04:00:00.000Z', 24]);
    const k = dayBounds('2026-05-01', 'Asia/Kathmandu');
    expect(iso(k.from)).toBe('2026-04-30T18:15:00.000Z');
  });

  it('is 23 hours when the clocks go forward and 25 when they go back', () => {
    const spring = dayBounds('2026-03-29', 'Europe/London');
    expect([iso(spring.from), iso(spring.to), hours(spring)]).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z', 23]);
    const autumn = dayBounds('2026-10-25', 'Europe/London');
    expect([iso(autumn.from), iso(autumn.to), hours(autumn)]).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z', 25]);
    expect(hours(dayBounds('2026-03-08', 'America/Chicago'))).toBe(23);
    expect(hours(dayBounds('2026-11-01', 'America/Chicago'))).toBe(25);
    // Southern hemisphere: Sydney goes back in April and forward in October.
    expect(hours(dayBounds('2026-04-05', 'Australia/Sydney'))).toBe(25);
    expect(hours(dayBounds('2026-10-04', 'Australia/Sydney'))).toBe(23);
  });

  it('starts at the first instant it has when midnight is skipped', () => {
    // Chile springs forward at 24:00 on the first Saturday of September: 6 September starts at 01:00 local.
    const b = dayBounds('2026-09-06', 'America/Santiago');
    expect(localDay(b.from, 'America/Santiago')).toBe('2026-09-06');
    expect(localDay(b.from - 1, 'America/Santiago')).toBe('2026-09-05');
    expect(hours(b)).toBe(23);
  });

  it('spans several days and reads a bad zone as the default', () => {
    expect(hours(daysBounds('2026-03-01', '2026-03-31', 'Europe/London'))).toBe(31 * 24 - 1);
    expect(zoneOrFallback('Mars/Olympus')).toBe('Europe/London');
    expect(zoneOrFallback('Europe/Paris')).toBe('Europe/Paris');
  });
});
