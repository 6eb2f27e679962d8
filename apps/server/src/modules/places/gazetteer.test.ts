import { describe, expect, it } from 'vitest';
import type { UnitSystem } from '@fleet/shared';
import { gazetteer, placeText } from './gazetteer.ts';

/** The text as placeText builds it, straight from the gazetteer every time. */
function fresh(lat: number, lon: number, system: UnitSystem): string {
  const town = gazetteer.nearest(lat, lon);
  if (!town) return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  if (town.distanceKm < 1) return town.name;
  return system === 'metric' ? `${town.distanceKm.toFixed(1)} km from ${town.name}` : `${(town.distanceKm / 1.609344).toFixed(1)} mi from ${town.name}`;
}

describe('placeText', () => {
  it('answers a position asked again (from its memo) exactly as the first time, and as the gazetteer', () => {
    let s = 7;
    const rnd = () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const points = Array.from({ length: 300 }, () => [50 + rnd() * 8, -6 + rnd() * 8] as const);
    points.push([0, -30], [53.8, -1.55], [53.8, -1.5500000000000003]); // open sea; two neighbouring doubles
    for (const system of ['imperial', 'metric'] as const) {
      const first = points.map(([lat, lon]) => placeText(lat, lon, system));
      const again = points.map(([lat, lon]) => placeText(lat, lon, system));
      expect(again).toEqual(first);
      expect(first).toEqual(points.map(([lat, lon]) => fresh(lat, lon, system)));
    }
  });

  it("gives the distance in the site's unit system, each from its own memo (issue 10)", () => {
    // About 3 km west of central Bradford: asked in one system first, then in the other.
    const metric = placeText(53.7935, -1.8, 'metric');
    const imperial = placeText(53.7935, -1.8, 'imperial');
    const km = Number(/^(\d+\.\d) km from (.+)$/.exec(metric)?.[1]);
    const mi = Number(/^(\d+\.\d) mi from (.+)$/.exec(imperial)?.[1]);
    expect(km).toBeGreaterThan(1);
    expect(Math.abs(mi - km / 1.609344)).toBeLessThanOrEqual(0.1);
    expect(imperial.replace(/^.* mi from /, '')).toBe(metric.replace(/^.* km from /, ''));
    expect(imperial).not.toMatch(/km/);
  });
});
