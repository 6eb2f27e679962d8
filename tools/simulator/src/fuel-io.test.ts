import { describe, expect, it } from 'vitest';
import { FuelSensor } from './fuel-io.ts';
import { seededRng } from './rng.ts';

describe('FuelSensor', () => {
  it('sloshes up to ±5 % of the tank while moving and settles to the true level within about a minute of stopping', () => {
    const sensor = new FuelSensor(seededRng(1), 400, 0);
    let t = 0;
    let widest = 0;
    for (let i = 0; i < 600; i += 1) {
      t += 5000;
      const speed = 40 + 30 * Math.sin(i / 7);
      widest = Math.max(widest, Math.abs(sensor.read(200, speed, t) - 200));
    }
    expect(widest).toBeGreaterThan(8);
    expect(widest).toBeLessThanOrEqual(400 * 0.065);
    for (let i = 0; i < 24; i += 1) sensor.read(200, 0, (t += 5000));
    expect(Math.abs(sensor.read(200, 0, t + 5000) - 200)).toBeLessThanOrEqual(400 * 0.016);
  });

  it('takes fuel from a parked vehicle only now and then, at least 25 l', () => {
    const sensor = new FuelSensor(seededRng(2), 400, 0.15);
    const taken: number[] = [];
    for (let s = 0; s < 100 * 3600; s += 60) {
      const l = sensor.theft(60, 300);
      if (l > 0) taken.push(l);
    }
    // 0.15 an hour over 100 hours: about 15.
    expect(taken.length).toBeGreaterThan(5);
    expect(taken.length).toBeLessThan(30);
    for (const l of taken) expect(l).toBeGreaterThanOrEqual(25);
  });
});
