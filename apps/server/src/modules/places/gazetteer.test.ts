import { describe, expect, it } from 'vitest';
import { gazetteer, placeText } from './gazetteer.ts';

/** The text as placeText builds it, straight from the gazetteer every time. */
function fresh(lat: number, lon: number): string {
  const town = gazetteer.nearest(lat, lon);
  if (!town) return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  return town.distanceKm < 1 ? town.name : `${town.distanceKm.toFixed(1)} km from ${town.name}`;
}

describe('placeText', () => {
  it('answers a position asked again (from its memo) exactly as the first time, and as the gazetteer', () => {
    let s = 7;
    const rnd = () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const points = Array.from({ length: 300 }, () => [50 + rnd() * 8, -6 + rnd() * 8] as const);
    points.push([0, -30], [53.8, -1.55], [53.8, -1.5500000000000003]); // open sea; two neighbouring doubles
    const first = points.map(([lat, lon]) => placeText(lat, lon));
    const again = points.map(([lat, lon]) => placeText(lat, lon));
    expect(again).toEqual(first);
    expect(first).toEqual(points.map(([lat, lon]) => fresh(lat, lon)));
  });
});
