import { describe, expect, it } from 'vitest';
import { readReplayParams } from './replay-params.ts';

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
    expect(readReplayParams(new URLSearchParams('v=1&d=2024-02-29')).day).toBe('2024-02-29');
    for (const bad of ['2025-02-29', '2026-13-01', '26-01-01', '2026-1-1', '']) {
      expect(readReplayParams(new URLSearchParams({ v: '1', d: bad })).day).toBeNull();
    }
  });
});
