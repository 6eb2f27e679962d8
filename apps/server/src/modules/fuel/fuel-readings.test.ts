import { describe, expect, it } from 'vitest';
import type { FuelPositionRow } from './fuel.repository.ts';
import { downsample, readingsOf } from './fuel-readings.ts';

const row = (id: number, io: Partial<Pick<FuelPositionRow, 'pct' | 'litres' | 'used' | 'odometer' | 'hours' | 'ignition' | 'named'>>): FuelPositionRow => ({
  id: String(id), t: id * 1000, lat: 53.8, lon: -1.5, speed: 0, pct: null, litres: null, used: null, odometer: null, hours: null, ignition: null, named: null, ...io,
});

describe('fuel readings from the positions log', () => {
  it('reads IO 84 as 0.1 l, IO 89 % with the tank size, the counters in l, km and h; leaves out positions without a level', () => {
    const r = readingsOf([
      row(1, { litres: 1234, used: 56789, odometer: 120_000_000, hours: 600, ignition: 1 }),
      row(2, { pct: 50 }),
      row(3, { used: 1 }),
    ], 400);
    expect(r.unit).toBe('l');
    expect(r.ids).toEqual(['1', '2']);
    expect(r.samples[0]).toMatchObject({ level: 123.4, fuelUsed: 5678.9, odometer: 120_000, engineHours: 10, ignition: true });
    expect(r.samples[1]).toMatchObject({ level: 200, fuelUsed: null, ignition: null });
  });

  it('keeps a % level in % when the tank size is not known, and says so', () => {
    const r = readingsOf([row(1, { pct: 40 }), row(2, { named: 38 })], null);
    expect(r.unit).toBe('%');
    expect(r.samples.map((s) => s.level)).toEqual([40, 38]);
  });

  it('thins a series keeping each bucket\'s lowest and highest reading in time order', () => {
    const t = Array.from({ length: 1000 }, (_, i) => i);
    const v = t.map((i) => (i === 500 ? 0 : i === 700 ? 999 : 100));
    const d = downsample(t, v, 100);
    expect(d.t.length).toBeLessThanOrEqual(100);
    expect(d.level).toContain(0);
    expect(d.level).toContain(999);
    expect([...d.t].sort((a, b) => a - b)).toEqual(d.t);
    expect(downsample([1, 2], [3, 4], 100)).toEqual({ t: [1, 2], level: [3, 4] });
  });
});
