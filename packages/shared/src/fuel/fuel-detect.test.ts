import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRows, type FuelFixture } from './fixtures/fixture-file.ts';
import { detectFuelEvents, type FuelSample, fuelThresholds } from './fuel-detect.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as FuelFixture;
const within = (value: number, truth: number, share: number) => expect(Math.abs(value - truth)).toBeLessThanOrEqual(truth * share);

describe('fuel event detection on recorded noisy traces', () => {
  it('finds the 150 l depot refuel and the 40 l night drop, and nothing in the sloshing between', () => {
    const f = fixture('truck-depot-day');
    const { events, pendingFrom } = detectFuelEvents(fromRows(f.rows), f.tankLitres);
    expect(pendingFrom).toBeNull();
    expect(events.map((e) => e.kind)).toEqual(['refuel', 'drop']);
    const [refuel, drop] = events;
    within(refuel?.litres ?? 0, 150, 0.1);
    within(drop?.litres ?? 0, 40, 0.1);
    // Found where they happened: the drop started at the truth's time, the refuel within its minutes.
    const truthDrop = Date.parse(f.truth.find((t) => t.kind === 'drop')?.at ?? '');
    expect(Math.abs((drop?.startAt ?? 0) - truthDrop)).toBeLessThanOrEqual(10 * 60_000);
    expect(drop && drop.before - drop.after).toBeCloseTo(drop?.litres ?? 0, 1);
  });

  it('raises no refuel and no drop from a day of sloshing, stops at lights and parking on slopes', () => {
    const f = fixture('truck-sloshing-day');
    expect(detectFuelEvents(fromRows(f.rows), f.tankLitres).events).toEqual([]);
  });

  it('finds a van\'s 45 l refuel with the thresholds of an 80 l tank', () => {
    const f = fixture('van-refuel-day');
    const { events } = detectFuelEvents(fromRows(f.rows), f.tankLitres);
    expect(events).toHaveLength(1);
    expect(events[0]?.kind).toBe('refuel');
    within(events[0]?.litres ?? 0, 45, 0.1);
  });
});

/** A parked vehicle reporting every 5 minutes, with the given levels. */
function parked(levels: number[]): FuelSample[] {
  return levels.map((level, k) => ({ t: Date.UTC(2026, 0, 1) + k * 300_000, level, speed: 0, ignition: false, lat: 53.8, lon: -1.5 }));
}

describe('fuel event detection rules', () => {
  it('sets thresholds by tank size: 5 % / 8 l for a refuel, 4 % / 6 l for a drop', () => {
    expect(fuelThresholds(400)).toMatchObject({ refuel: 20, drop: 16 });
    expect(fuelThresholds(60)).toMatchObject({ refuel: 8, drop: 6 });
  });

  it('ignores a one-reading spike: the level must stay', () => {
    expect(detectFuelEvents(parked([200, 200, 200, 150, 200, 200, 200, 200, 200, 200]), 400).events).toEqual([]);
  });

  it('leaves a drop at the end of the trace pending until the minutes after it are known', () => {
    const r = detectFuelEvents(parked([200, 200, 200, 200, 150]), 400);
    expect(r.events).toEqual([]);
    expect(r.pendingFrom).toBe(Date.UTC(2026, 0, 1) + 3 * 300_000);
  });

  it('does not take a change under the threshold for an event', () => {
    expect(detectFuelEvents(parked([200, 200, 200, 200, 186, 186, 186, 186, 186, 186]), 400).events).toEqual([]);
    const found = detectFuelEvents(parked([200, 200, 200, 200, 180, 180, 180, 180, 180, 180]), 400).events;
    expect(found).toMatchObject([{ kind: 'drop', litres: 20, before: 200, after: 180 }]);
  });
});
