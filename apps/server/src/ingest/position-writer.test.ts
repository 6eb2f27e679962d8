import { describe, expect, it } from 'vitest';
import { checkRows, type PositionRow, unstorableReason } from './position-writer.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const row = (extra: Partial<PositionRow> = {}): PositionRow => ({
  unitId: 1, deviceTimeMs: NOW - 1000, lat: 53.8, lon: -1.55, altitude: 60, angle: 90, satellites: 9, speed: 40, priority: 0,
  eventIo: 0, io: { 239: 1 }, protocol: 'teltonika', ...extra,
});

describe('the position writer', () => {
  it('flags each implausible row with its reasons and leaves plausible ones unflagged', () => {
    const [good, bad] = checkRows([row(), row({ lat: 200, deviceTimeMs: 253402300799000 })], NOW);
    expect(good?.implausible).toBeNull();
    expect(bad?.implausible).toBe('latitude,time-ahead');
  });

  it('names what the log cannot hold: numbers beyond a column, NUL or broken text', () => {
    expect(unstorableReason(row())).toBeNull();
    expect(unstorableReason(row({ speed: Math.round(1e308 * 1.852) }))).toMatch(/^speed Infinity/);
    expect(unstorableReason(row({ altitude: 1e308 }))).toMatch(/^altitude/);
    expect(unstorableReason(row({ angle: 2 ** 31 }))).toMatch(/^angle/);
    expect(unstorableReason(row({ lat: Number.NaN }))).toMatch(/coordinates/);
    expect(unstorableReason(row({ deviceTimeMs: 1.5 }))).toMatch(/device time/);
    expect(unstorableReason(row({ io: { 281: 'a\u0000b' } }))).toMatch(/IO element "281"/);
    expect(unstorableReason(row({ io: { 281: '\ud800' } }))).toMatch(/IO element "281"/);
    // A flagged record is still storable: it is kept, not refused.
    expect(unstorableReason(row({ lat: 214.7483647, deviceTimeMs: Number.MAX_SAFE_INTEGER, speed: 65_535 }))).toBeNull();
  });
});
