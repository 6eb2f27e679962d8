import { inCircle, pointInPolygon } from '@fleet/shared/rules/geo';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GeofenceIndex, type GeofenceRow } from './geofence-index.ts';

// Around Leeds: a 500 m circle on the station, a 2 km circle overlapping it, a square yard east of it,
// and a concave 'U' whose notch is outside.
const station: GeofenceRow = { id: 1, siteId: 10, mode: 1, lat: 53.7954, lon: -1.5478, radius: 500 };
const city: GeofenceRow = { id: 2, siteId: 10, mode: 1, lat: 53.8, lon: -1.55, radius: 2000 };
const yard: GeofenceRow = {
  id: 3, siteId: 10, mode: 2,
  points: [{ x: -1.50, y: 53.79 }, { x: -1.48, y: 53.79 }, { x: -1.48, y: 53.80 }, { x: -1.50, y: 53.80 }],
};
const u: GeofenceRow = {
  id: 4, siteId: 10, mode: 2,
  points: [
    { x: -1.40, y: 53.70 }, { x: -1.30, y: 53.70 }, { x: -1.30, y: 53.80 }, { x: -1.33, y: 53.80 },
    { x: -1.33, y: 53.73 }, { x: -1.37, y: 53.73 }, { x: -1.37, y: 53.80 }, { x: -1.40, y: 53.80 }, { x: -1.40, y: 53.70 },
  ],
};
const otherSite: GeofenceRow = { id: 5, siteId: 20, mode: 1, lat: 53.7954, lon: -1.5478, radius: 500 };
const rows = [station, city, yard, u, otherSite];

describe('GeofenceIndex.match', () => {
  const index = new GeofenceIndex(rows);
  const table: Array<[name: string, siteId: number, lat: number, lon: number, ids: number[]]> = [
    ['on the station: both circles', 10, 53.7954, -1.5478, [1, 2]],
    ['1.5 km north of the station: the big circle only', 10, 53.812, -1.55, [2]],
    ['in the yard', 10, 53.795, -1.49, [3]],
    ['just west of the yard', 10, 53.795, -1.5001, []],
    ['in the left arm of the U', 10, 53.77, -1.39, [4]],
    ['in the notch of the U (inside its box, outside its shape)', 10, 53.77, -1.35, []],
    ['in the base of the U', 10, 53.71, -1.35, [4]],
    ['inside a box corner but outside the circle', 10, 53.7954 + 0.0044, -1.5478 + 0.0074, [2]],
    ['the same spot for another site sees only that site', 20, 53.7954, -1.5478, [5]],
    ['a site with no POI', 30, 53.7954, -1.5478, []],
    ['far away', 10, 51.5, -0.12, []],
    ['no fix', 10, Number.NaN, -1.55, []],
  ];
  it.each(table)('%s', (_name, siteId, lat, lon, ids) => expect(index.match(siteId, lat, lon)).toEqual(ids));

  it('a circle matches strictly inside its radius (spec 9)', () => {
    const one = new GeofenceIndex([{ id: 9, siteId: 1, mode: 1, lat: 0, lon: 0, radius: 111_194.92664455873 }]);
    expect(one.match(1, 0, 0.999999)).toEqual([9]);
    expect(one.match(1, 0, 1)).toEqual([]); // exactly on the radius
  });
});

describe('GeofenceIndex building', () => {
  it('skips rows that cannot contain anything and says which', () => {
    const index = new GeofenceIndex([
      station,
      { id: 20, siteId: 10, mode: 1, lat: null, lon: -1, radius: 100 },
      { id: 21, siteId: 10, mode: 1, lat: 53, lon: -1, radius: 0 },
      { id: 22, siteId: 10, mode: 2, points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] },
      { id: 23, siteId: 10, mode: 2, points: null },
      { id: 24, siteId: 10, mode: 3, lat: 53, lon: -1, radius: 100 },
      { id: 25, siteId: 10, mode: 1, lat: 95, lon: -1, radius: 100 },
    ]);
    expect(index.skipped).toEqual([20, 21, 22, 23, 24, 25]);
    expect(index.size).toBe(1);
  });
  it('rebuild replaces every POI', () => {
    const index = new GeofenceIndex(rows);
    index.rebuild([yard]);
    expect(index.match(10, 53.7954, -1.5478)).toEqual([]);
    expect(index.match(20, 53.7954, -1.5478)).toEqual([]);
    expect(index.match(10, 53.795, -1.49)).toEqual([3]);
    expect(index.has(1)).toBe(false);
    expect(index.has(3)).toBe(true);
  });
  it('rebuildSite replaces one site and keeps the others', () => {
    const index = new GeofenceIndex(rows);
    index.rebuildSite(10, [city, { ...otherSite, id: 6 }]);
    expect(index.match(10, 53.7954, -1.5478)).toEqual([2]);
    expect(index.match(20, 53.7954, -1.5478)).toEqual([5]);
    expect(index.skipped).toEqual([6]);
    index.rebuildSite(20, []);
    expect(index.match(20, 53.7954, -1.5478)).toEqual([]);
    expect(index.size).toBe(1);
  });
  it('an empty index matches nothing', () => expect(new GeofenceIndex().match(10, 53.8, -1.55)).toEqual([]));
});

describe('GeofenceIndex agrees with testing every shape (property)', () => {
  const lat = fc.double({ min: 53.6, max: 54.0, noNaN: true });
  const lon = fc.double({ min: -1.8, max: -1.3, noNaN: true });
  const circle = fc.record({ lat, lon, radius: fc.double({ min: 50, max: 20_000, noNaN: true }) });
  const polygon = fc.array(fc.record({ x: lon, y: lat }), { minLength: 3, maxLength: 12 });
  const shape = fc.oneof(circle.map((c) => ({ mode: 1, ...c })), polygon.map((points) => ({ mode: 2, points })));

  it('returns exactly the POI whose shape contains the point', () => {
    fc.assert(
      fc.property(fc.array(shape, { maxLength: 40 }), fc.array(fc.tuple(lat, lon), { minLength: 1, maxLength: 30 }), (shapes, points) => {
        const poi: GeofenceRow[] = shapes.map((s, i) => ({ id: i + 1, siteId: 1, ...s }));
        const index = new GeofenceIndex(poi);
        for (const [plat, plon] of points) {
          const expected = poi
            .filter((p) =>
              p.mode === 1
                ? inCircle({ lat: plat, lon: plon }, { lat: p.lat as number, lon: p.lon as number, radiusMetres: p.radius as number })
                : pointInPolygon({ lat: plat, lon: plon }, p.points ?? []),
            )
            .map((p) => p.id);
          expect(index.match(1, plat, plon)).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
