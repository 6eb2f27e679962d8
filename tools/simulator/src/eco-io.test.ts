import type { AvlRecord } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import { ECO_IO, OVERSPEED_LIMIT, withEcoIo } from './eco-io.ts';

const at = (s: number, speedKmh = 60): AvlRecord => ({
  timestampMs: s * 1000, priority: 0, latitude: 53.8, longitude: -1.55, altitude: 60, angle: 0, satellites: 10, speedKmh, eventIoId: 0, io: new Map(), ioVariable: new Map(),
});

/** Eight hours of driving at a record every 10 s: the eco events of one vehicle. */
function day(seed: number) {
  const owner = {};
  const out: AvlRecord[] = [];
  for (let s = 0; s < 8 * 3600; s += 10) out.push(withEcoIo(at(s, s % 600 < 300 ? 50 : 80), owner, seed));
  return out.filter((r) => r.eventIoId !== 0);
}

describe('eco-driving IO', () => {
  it('sends green driving events (type 1-3, value in 0.01 g) and over speeding as event records while moving', () => {
    const events = [1, 2, 3, 4, 5, 6].flatMap((seed) => day(seed));
    expect(events.some((r) => r.eventIoId === ECO_IO.GREEN_TYPE)).toBe(true);
    expect(events.some((r) => r.eventIoId === ECO_IO.OVERSPEED)).toBe(true);
    for (const r of events) {
      if (r.eventIoId === ECO_IO.GREEN_TYPE) {
        expect([1, 2, 3]).toContain(r.io.get(ECO_IO.GREEN_TYPE)?.value);
        expect(Number(r.io.get(ECO_IO.GREEN_VALUE)?.value)).toBeGreaterThanOrEqual(30);
      } else {
        expect(r.eventIoId).toBe(ECO_IO.OVERSPEED);
        expect(r.io.get(ECO_IO.OVERSPEED)?.value).toBe(r.speedKmh);
        expect(r.speedKmh).toBeGreaterThan(OVERSPEED_LIMIT);
      }
    }
  });

  it('gives vehicles different temperaments (the same seed the same day), and never touches a standing vehicle', () => {
    const counts = Array.from({ length: 12 }, (_, i) => day(i + 1).length);
    expect(Math.max(...counts)).toBeGreaterThan(Math.min(...counts) * 2);
    expect(day(7).map((r) => r.timestampMs)).toEqual(day(7).map((r) => r.timestampMs));
    const owner = {};
    for (let s = 0; s < 3600; s += 10) expect(withEcoIo(at(s, 0), owner, 3).eventIoId).toBe(0);
  });
});
