import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUdpDatagram } from './teltonika/udp.ts';
import { implausibleReasons, isPlausible, PLAUSIBLE, type PlausibilityInput } from './plausibility.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const of = (r: ReturnType<typeof decodeUdpDatagram>['packet']['records'][number]): PlausibilityInput => ({
  deviceTimeMs: r.timestampMs, lat: r.latitude, lon: r.longitude, speedKmh: r.speedKmh, altitude: r.altitude,
});

/** Anything a decoder can produce, and more: the wire's full ranges and non-finite numbers. */
const anyInput = fc.record({
  deviceTimeMs: fc.oneof(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: NOW - 86_400_000, max: NOW + 86_400_000 }), fc.double()),
  lat: fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((v) => v / 1e7), fc.double()),
  lon: fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((v) => v / 1e7), fc.double()),
  speedKmh: fc.oneof(fc.integer({ min: 0, max: 65_535 }), fc.double()),
  altitude: fc.oneof(fc.integer({ min: -32_768, max: 32_767 }), fc.double()),
});

/** Positions a vehicle can really report. */
const realInput = fc.record({
  deviceTimeMs: fc.integer({ min: PLAUSIBLE.earliestMs, max: NOW + PLAUSIBLE.maxAheadMs }),
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
  speedKmh: fc.integer({ min: 0, max: PLAUSIBLE.maxSpeedKmh }),
  altitude: fc.integer({ min: PLAUSIBLE.minAltitude, max: PLAUSIBLE.maxAltitude }),
}).filter((p) => !(p.lat === 0 && p.lon === 0));

describe('the plausibility rule', () => {
  it("refuses the issue's record (latitude 200, time 9999-12-31) for both reasons", () => {
    const d = decodeUdpDatagram(Buffer.from('004400050109000f3335323030303030303030303034318e010000e677d21fd81800ff1b1e40773594000032005a0a001400000002000200ef01000200000000000000000001', 'hex'));
    expect(implausibleReasons(of(d.packet.records[0] as never), NOW)).toEqual(['latitude', 'time-ahead']);
  });

  it('takes 0,0 as no fix, and the edges of the bounds as plausible', () => {
    const base = { deviceTimeMs: NOW, lat: 53.8, lon: -1.55, speedKmh: 40, altitude: 60 };
    expect(implausibleReasons({ ...base, lat: 0, lon: 0 }, NOW)).toEqual(['no-fix']);
    expect(isPlausible({ ...base, lat: 0, lon: 10 }, NOW)).toBe(true);
    expect(isPlausible({ ...base, lat: -90, lon: 180, speedKmh: 500, altitude: -1000, deviceTimeMs: NOW + 300_000 }, NOW)).toBe(true);
    expect(implausibleReasons({ ...base, deviceTimeMs: NOW + 300_001 }, NOW)).toEqual(['time-ahead']);
    expect(implausibleReasons({ ...base, deviceTimeMs: Date.UTC(2014, 11, 31) }, NOW)).toEqual(['time-before-floor']);
    expect(implausibleReasons({ ...base, speedKmh: 501, altitude: 20_001 }, NOW)).toEqual(['speed', 'altitude']);
    expect(implausibleReasons({ ...base, lat: Number.NaN, lon: Number.POSITIVE_INFINITY }, NOW)).toEqual(['latitude', 'longitude']);
  });

  it('passes every position a vehicle can report', () => {
    fc.assert(fc.property(realInput, (p) => isPlausible(p, NOW)));
  });

  it('passes nothing outside the bounds: whatever it lets through is a sane position', () => {
    fc.assert(fc.property(anyInput, (p) => {
      if (!isPlausible(p, NOW)) return;
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.lon)).toBeLessThanOrEqual(180);
      expect(p.lat !== 0 || p.lon !== 0).toBe(true);
      expect(p.deviceTimeMs).toBeGreaterThanOrEqual(PLAUSIBLE.earliestMs);
      expect(p.deviceTimeMs).toBeLessThanOrEqual(NOW + PLAUSIBLE.maxAheadMs);
      expect(p.speedKmh).toBeGreaterThanOrEqual(0);
      expect(p.speedKmh).toBeLessThanOrEqual(PLAUSIBLE.maxSpeedKmh);
      expect(Math.abs(p.altitude)).toBeLessThanOrEqual(PLAUSIBLE.maxAltitude);
    }), { numRuns: 2000 });
  });

  it('never takes back a verdict of plausible as the clock moves on', () => {
    fc.assert(fc.property(anyInput, fc.nat({ max: 10 * 86_400_000 }), (p, later) => !isPlausible(p, NOW) || isPlausible(p, NOW + later)));
  });
});
