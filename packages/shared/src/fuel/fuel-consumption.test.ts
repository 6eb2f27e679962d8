import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRows, type FuelFixture } from './fixtures/fixture-file.ts';
import { fuelConsumption } from './fuel-consumption.ts';
import { detectFuelEvents } from './fuel-detect.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as FuelFixture;

describe('fuel consumption', () => {
  it('uses the fuel used counter (IO 83) when the unit reports it: the model burns 30 l/100 km', () => {
    const samples = fromRows(fixture('truck-sloshing-day').rows);
    const c = fuelConsumption(samples, []);
    expect(c.source).toBe('counter');
    expect(c.per100km).toBeGreaterThan(29);
    expect(c.per100km).toBeLessThan(32);
    expect(c.perHour).not.toBeNull();
  });

  it('without the counter, takes the level difference plus refuels minus drops, close to the counter', () => {
    const f = fixture('truck-depot-day');
    const samples = fromRows(f.rows);
    const counter = fuelConsumption(samples, []);
    const noCounter = samples.map((s) => ({ ...s, fuelUsed: null }));
    const { events } = detectFuelEvents(noCounter, f.tankLitres);
    const level = fuelConsumption(noCounter, events);
    expect(level.source).toBe('level');
    // Within the sensor's resolution (1 % of 400 l at each end) and the refuel's measure.
    expect(Math.abs(level.litres - counter.litres)).toBeLessThan(20);
    expect(level.distanceKm).toBe(counter.distanceKm);
  });

  it('answers no rate over no distance', () => {
    const still = fromRows(fixture('truck-sloshing-day').rows).slice(0, 3).map((s) => ({ ...s, speed: 0, odometer: null }));
    expect(fuelConsumption(still, []).per100km).toBeNull();
  });
});
