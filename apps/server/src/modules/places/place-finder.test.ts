import { inCircle, pointInPolygon } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { placeArea, placeFinder, poiFinder } from './place-finder.ts';

const circle = (name: string, lat: number, lon: number, radius: number) => ({ name, mode: 1, lat, lon, radius, points: null });
const square = (name: string, lat: number, lon: number, half: number) => ({
  name, mode: 2, lat: null, lon: null, radius: null,
  points: [
    { x: lon - half, y: lat - half }, { x: lon + half, y: lat - half }, { x: lon + half, y: lat + half }, { x: lon - half, y: lat + half },
  ],
});

describe('poiFinder', () => {
  it('finds circles and polygons, and the smallest where they overlap', () => {
    const find = poiFinder([square('Yard', 53.8, -1.55, 0.01), circle('Depot', 53.8, -1.55, 500), circle('Far', 51.5, -0.1, 100)]);
    expect(find(53.8, -1.55)).toBe('Depot');
    expect(poiFinder([circle('Big', 53.8, -1.55, 5000), square('Gate', 53.8, -1.55, 0.001)])(53.8, -1.55)).toBe('Gate');
    expect(poiFinder([circle('First', 53.8, -1.55, 300), circle('Second', 53.8, -1.55, 300)])(53.8, -1.55)).toBe('First');
    expect(find(53.808, -1.558)).toBe('Yard');
    expect(find(51.5, -0.1)).toBe('Far');
    expect(find(52, -1)).toBeUndefined();
  });

  it('skips places that cannot hold anything (no centre, too few corners)', () => {
    const find = poiFinder([
      { name: 'No centre', mode: 1, lat: null, lon: null, radius: 100, points: null },
      { name: 'Line', mode: 2, lat: null, lon: null, radius: null, points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] },
      circle('Real', 0, 0, 1000),
    ]);
    expect(find(0, 0)).toBe('Real');
  });

  it('answers as a check of every place would, over thousands of places', () => {
    let seed = 11;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const places = Array.from({ length: 3000 }, (_, i) =>
      i % 2 === 0
        ? circle(`C${i}`, 53 + rand(), -2 + rand(), 200 + rand() * 3000)
        : square(`P${i}`, 53 + rand(), -2 + rand(), 0.002 + rand() * 0.02),
    );
    const bySize = places.map((p, i) => ({ p, i })).sort((a, b) => placeArea(a.p) - placeArea(b.p) || a.i - b.i).map((x) => x.p);
    const linear = (lat: number, lon: number) =>
      bySize.find((p) =>
        p.mode === 1
          ? inCircle({ lat, lon }, { lat: p.lat as number, lon: p.lon as number, radiusMetres: p.radius as number })
          : pointInPolygon({ lat, lon }, p.points as { x: number; y: number }[]),
      )?.name;
    const find = poiFinder(places);
    let hits = 0;
    for (let i = 0; i < 2000; i++) {
      const lat = 53 + rand();
      const lon = -2 + rand();
      const expected = linear(lat, lon);
      if (expected) hits += 1;
      expect(find(lat, lon)).toBe(expected);
    }
    expect(hits).toBeGreaterThan(100);
  });
});

describe('placeArea', () => {
  it('measures circles and polygons in square metres', () => {
    expect(placeArea(circle('c', 53.8, -1.55, 100))).toBeCloseTo(Math.PI * 10_000, 0);
    // 0.01° square at 53.8°N: about 658 m by 1,105 m.
    expect(placeArea(square('s', 53.8, -1.55, 0.005)) / 1e6).toBeCloseTo(0.727, 2);
    expect(placeArea({ name: 'x', mode: 2, lat: null, lon: null, radius: null, points: [] })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('placeFinder', () => {
  it("says 'At {POI}' inside a place, else the nearest town", () => {
    const where = placeFinder([circle('Leeds depot', 53.7997, -1.5492, 300)], 'imperial');
    expect(where(53.7997, -1.5492)).toBe('At Leeds depot');
    expect(where(53.79, -1.75)).toMatch(/Bradford/);
  });

  it("names the distance to the town in the site's unit system, one finder per system for the same list", () => {
    const places = [circle('Leeds depot', 53.7997, -1.5492, 300)];
    expect(placeFinder(places, 'imperial')(53.7935, -1.8)).toMatch(/^\d+\.\d mi from /);
    expect(placeFinder(places, 'metric')(53.7935, -1.8)).toMatch(/^\d+\.\d km from /);
    expect(placeFinder(places, 'metric')(53.7997, -1.5492)).toBe('At Leeds depot');
    expect(placeFinder(places, 'imperial')).toBe(placeFinder(places, 'imperial'));
  });
});
