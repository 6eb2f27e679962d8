import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, detectDrivingEvents, type DrivingPoint, freshMemory } from './driving-events.ts';

const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
let n = 0;
/** A position `s` seconds after T0; the rest as given. */
function at(s: number, p: Partial<DrivingPoint> = {}): DrivingPoint {
  return { id: String(++n), t: T0 + s * 1000, lat: 53.8, lon: -1.55, speed: 50, ignition: true, rpm: null, greenType: null, greenValue: null, overspeed: null, ...p };
}

describe('device eco-driving IO (253/254/255)', () => {
  it('turns green driving types 1, 2, 3 into acceleration, braking, cornering with the value in g, and 255 into over speeding', () => {
    const { events } = detectDrivingEvents(freshMemory(), [
      at(0), at(1, { greenType: 1, greenValue: 34 }), at(2, { greenType: 2, greenValue: 123 }), at(3, { greenType: 3, greenValue: 41 }),
      at(4, { overspeed: 97 }), at(5, { greenType: 0, greenValue: 0 }),
    ]);
    expect(events.map((e) => [e.kind, e.value, e.at - T0])).toEqual([
      ['acceleration', 0.34, 1000], ['braking', 1.23, 2000], ['cornering', 0.41, 3000], ['overspeed', 97, 4000],
    ]);
  });

  it('skips positions not newer than the memory: a replayed batch adds nothing', () => {
    const batch = [at(10, { greenType: 2, greenValue: 150 }), at(11)];
    const first = detectDrivingEvents(freshMemory(), batch);
    expect(first.events).toHaveLength(1);
    expect(detectDrivingEvents(first.memory, batch).events).toEqual([]);
  });
});

describe('track spans', () => {
  it('records speeding above the threshold held for at least the minimum, with the top speed and its end', () => {
    const { events } = detectDrivingEvents(freshMemory(), [
      at(0, { speed: 110 }), at(1, { speed: 125 }), at(6, { speed: 138 }), at(12, { speed: 130 }), at(13, { speed: 100 }),
      // A short burst (4 s) does not count.
      at(20, { speed: 125 }), at(24, { speed: 90 }),
    ]);
    expect(events).toEqual([{ kind: 'speeding', at: T0 + 1000, endAt: T0 + 13_000, value: 138, lat: 53.8, lon: -1.55, positionId: expect.any(String) }]);
  });

  it('records idling with the engine on and standing longer than the minimum, its length in seconds; a traffic light is not idling', () => {
    const { events } = detectDrivingEvents(freshMemory(), [
      at(0, { speed: 0 }), at(40, { speed: 30 }),
      at(100, { speed: 0 }), at(250, { speed: 0 }), at(500, { speed: 1 }), at(520, { speed: 0, ignition: false }),
    ]);
    expect(events.map((e) => [e.kind, e.value, e.at - T0])).toEqual([['idling', 420, 100_000]]);
  });

  it('keeps an open span across batches and closes it in the next (memory as stored)', () => {
    const one = detectDrivingEvents(freshMemory(), [at(0, { rpm: 2000 }), at(1, { rpm: 3900 }), at(3, { rpm: 4200 })]);
    expect(one.events).toEqual([]);
    expect(one.memory.revving).toMatchObject({ at: T0 + 1000, top: 4200 });
    const stored = JSON.parse(JSON.stringify(one.memory));
    // A position without RPM neither ends nor extends it.
    const two = detectDrivingEvents(stored, [at(5, { rpm: null }), at(7, { rpm: 3600 }), at(8, { rpm: 1800 })]);
    expect(two.events.map((e) => [e.kind, e.value, e.at - T0, (e.endAt ?? 0) - T0])).toEqual([['revving', 4200, 1000, 8000]]);
    expect(two.memory.revving).toBeNull();
  });

  it('uses the thresholds given', () => {
    const { events } = detectDrivingEvents(freshMemory(), [at(0, { speed: 95 }), at(30, { speed: 96 }), at(31, { speed: 50 })],
      { ...DEFAULT_THRESHOLDS, speedingKmh: 90 });
    expect(events.map((e) => e.kind)).toEqual(['speeding']);
  });
});
