import { describe, expect, it } from 'vitest';
import { DEFAULT_IO_MAP } from '../io-map.ts';
import { tripPoint } from './trips-processor.ts';
import type { TripRow } from './trips-store.ts';

const row = (io: Record<string, number | string>, protocol = 'teltonika-tcp'): TripRow => ({
  id: '7', unit_id: 1, t: 1_000, e: 0, lat: 53.8, lon: -1.5, speed: 40, io, protocol, flagged: false, r: 0,
});
const van = { unitTypeId: 1, ioMap: DEFAULT_IO_MAP };

describe('a log row as the cutter reads it', () => {
  it('reads ignition, odometer (m), engine hours (from minutes) and the driver key as drivers.tag holds it', () => {
    expect(tripPoint(row({ 239: 1, 16: 123_456, 102: 90, 78: 0xa1b2c3d4e5f6 }), van)).toMatchObject({
      ign: true, odo: 123_456, eh: 1.5, tag: '0000A1B2C3D4E5F6', sparse: false,
    });
    // An 8-byte key beyond 2^53 is stored as decimal text.
    expect(tripPoint(row({ 78: '18446744073709551615' }), van).tag).toBe('FFFFFFFFFFFFFFFF');
    expect(tripPoint(row({ 239: 0, 78: 0 }), van)).toMatchObject({ ign: false, odo: null, eh: null, tag: null });
  });

  it("follows the unit type's IO map, and treats asset trackers and phones as sparse", () => {
    expect(tripPoint(row({ 1: 1, 239: 0 }), { unitTypeId: 1, ioMap: { ...DEFAULT_IO_MAP, ignition: 1 } }).ign).toBe(true);
    expect(tripPoint(row({}), { unitTypeId: 6, ioMap: DEFAULT_IO_MAP }).sparse).toBe(true);
    expect(tripPoint(row({}, 'osmand'), van).sparse).toBe(true);
  });
});
