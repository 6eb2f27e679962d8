import { describe, expect, it } from 'vitest';
import { dayIn, parseDay, readReplayParams } from './replay-params.ts';

describe('activitymap parameters', () => {
  it('reads a vehicle, a day and a moment', () => {
    expect(readReplayParams(new URLSearchParams('v=12&d=2026-11-23&t=1763884800000'))).toEqual({
      subject: { v: 12 },
      day: '2026-11-23',
      at: 1763884800000,
    });
  });

  it('reads a driver, and treats bad values as absent', () => {
    expect(readReplayParams(new URLSearchParams('driver=7&d=2026-02-30&t=soon'))).toEqual({ subject: { driver: 7 }, day: null, at: null });
    expect(readReplayParams(new URLSearchParams('v=0&driver=x'))).toEqual({ subject: null, day: null, at: null });
  });

  it('takes only real calendar days', () => {
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2025-02-29', '2026-13-01', '26-01-01', '2026-1-1', '', null]) expect(parseDay(bad)).toBeNull();
  });

  it("names today's date in the site's time zone, not the browser's", () => {
    const lateUtc = Date.UTC(2026, 10, 23, 23, 30);
    expect(dayIn('Europe/London', lateUtc)).toBe('2026-11-23');
    expect(dayIn('Europe/Berlin', lateUtc)).toBe('2026-11-24');
    expect(dayIn('America/New_York', lateUtc)).toBe('2026-11-23');
  });
});
