import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bboxContains,
  circleBBox,
  EARTH_RADIUS_KM,
  formatCentre,
  haversineKm,
  inCircle,
  parseCentre,
  pointInPolygon,
  polygonBBox,
  type XY,
} from './geo.ts';

describe('haversineKm (spec 9: earth radius 6371 km)', () => {
  const table: Array<[name: string, lat1: number, lon1: number, lat2: number, lon2: number, km: number]> = [
    ['same point', 53.8, -1.55, 53.8, -1.55, 0],
    ['one degree of longitude on the equator', 0, 0, 0, 1, (EARTH_RADIUS_KM * Math.PI) / 180],
    ['equator to pole', 0, 0, 90, 0, (EARTH_RADIUS_KM * Math.PI) / 2],
    ['antipodes', 0, 0, 0, 180, EARTH_RADIUS_KM * Math.PI],
    ['London to Paris', 51.5074, -0.1278, 48.8566, 2.3522, 343.556],
    ['Leeds to London', 53.7997, -1.5492, 51.5074, -0.1278, 272.314],
    ['Edinburgh to Cardiff', 55.9533, -3.1883, 51.4816, -3.1791, 497.231],
  ];
  it.each(table)('%s', (_name, lat1, lon1, lat2, lon2, km) => {
    expect(haversineKm(lat1, lon1, lat2, lon2)).toBeCloseTo(km, 3);
    expect(haversineKm(lat2, lon2, lat1, lon1)).toBeCloseTo(km, 3);
  });
});

describe('inCircle (spec 9: matches when distance < radius / 1000 km)', () => {
  const centre = { lat: 51.5, lon: -0.12 };
  const edge = { lat: 51.5, lon: -0.11 };
  const edgeKm = haversineKm(centre.lat, centre.lon, edge.lat, edge.lon);

  it('the edge case is exact in floating point', () => expect((edgeKm * 1000) / 1000).toBe(edgeKm));
  const table: Array<[name: string, radiusMetres: number, inside: boolean]> = [
    ['distance exactly equal to the radius is outside', edgeKm * 1000, false],
    ['one millimetre more radius is inside', edgeKm * 1000 + 0.001, true],
    ['one millimetre less radius is outside', edgeKm * 1000 - 0.001, false],
    ['a 100 m circle does not reach 692 m away', 100, false],
    ['a 1 km circle reaches 692 m away', 1000, true],
  ];
  it.each(table)('%s', (_name, radiusMetres, inside) => {
    expect(inCircle(edge, { ...centre, radiusMetres })).toBe(inside);
  });
  it('a zero radius matches nothing, not even the centre', () => {
    expect(inCircle(centre, { ...centre, radiusMetres: 0 })).toBe(false);
  });
});

describe('parseCentre (spec 3: POI centre gp as "lat,lon")', () => {
  const table: Array<[gp: string | null, parsed: { lat: number; lon: number } | null]> = [
    ['53.79,-1.55', { lat: 53.79, lon: -1.55 }],
    [' 53.79 , -1.55 ', { lat: 53.79, lon: -1.55 }],
    ['-33.9,151.2', { lat: -33.9, lon: 151.2 }],
    ['90,180', { lat: 90, lon: 180 }],
    ['0,0', { lat: 0, lon: 0 }],
    ['', null],
    [null, null],
    ['53.79', null],
    ['53.79,-1.55,3', null],
    ['53.79;-1.55', null],
    ['abc,-1.55', null],
    ['53.79,', null],
    [',-1.55', null],
    ['1e2,3', null],
    ['5e-1,3', { lat: 0.5, lon: 3 }],
    ['91,0', null],
    ['0,181', null],
    ['NaN,0', null],
    ['Infinity,0', null],
  ];
  it.each(table)('%j -> %j', (gp, parsed) => expect(parseCentre(gp)).toEqual(parsed));
  it('formatCentre round-trips', () => {
    const lat = fc.double({ min: -90, max: 90, noNaN: true });
    const lon = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(lat, lon, (la, lo) => {
        const c = parseCentre(formatCentre({ lat: la, lon: lo }));
        expect(c?.lat).toBe(la === 0 ? 0 : la);
        expect(c?.lon).toBe(lo === 0 ? 0 : lo);
      }),
    );
  });
});

const ring = (pairs: Array<[x: number, y: number]>): XY[] => pairs.map(([x, y]) => ({ x, y }));
const square = ring([[0, 0], [1, 0], [1, 1], [0, 1]]);
// A 'U' opening upwards: the notch between x 0.3..0.7 above y 0.3 is outside.
const u = ring([[0, 0], [1, 0], [1, 1], [0.7, 1], [0.7, 0.3], [0.3, 0.3], [0.3, 1], [0, 1]]);
const closed = (ring: XY[]): XY[] => [...ring, ring[0] as XY];
const e = 1e-9;

describe('pointInPolygon (spec 9: polygon POI, points x = lon, y = lat)', () => {
  const table: Array<[name: string, ring: XY[], lat: number, lon: number, inside: boolean]> = [
    ['centre of a square', square, 0.5, 0.5, true],
    ['just inside the left edge', square, 0.5, e, true],
    ['just outside the left edge', square, 0.5, -e, false],
    ['just inside the right edge', square, 0.5, 1 - e, true],
    ['just outside the right edge', square, 0.5, 1 + e, false],
    ['just inside the bottom edge', square, e, 0.5, true],
    ['just outside the bottom edge', square, -e, 0.5, false],
    ['just inside the top edge', square, 1 - e, 0.5, true],
    ['just outside the top edge', square, 1 + e, 0.5, false],
    ['level with a vertex, outside', square, 0, 2, false],
    ['level with a vertex, inside', u, 0.3 + e, 0.1, true],
    ['in the notch of a concave polygon', u, 0.6, 0.5, false],
    ['in the left arm of a concave polygon', u, 0.6, 0.15, true],
    ['in the right arm of a concave polygon', u, 0.6, 0.85, true],
    ['below the notch of a concave polygon', u, 0.2, 0.5, true],
    ['just under the notch floor', u, 0.3 - e, 0.5, true],
    ['just over the notch floor', u, 0.3 + e, 0.5, false],
    ['far away', u, 40, 40, false],
  ];
  it.each(table)('%s (open ring)', (_name, ring, lat, lon, inside) => {
    expect(pointInPolygon({ lat, lon }, ring)).toBe(inside);
  });
  it.each(table)('%s (closed ring)', (_name, ring, lat, lon, inside) => {
    expect(pointInPolygon({ lat, lon }, closed(ring))).toBe(inside);
  });
  it('vertex order does not matter', () => {
    for (const [, ring, lat, lon, inside] of table) {
      expect(pointInPolygon({ lat, lon }, [...ring].reverse())).toBe(inside);
    }
  });
  it('fewer than three points contain nothing', () => {
    expect(pointInPolygon({ lat: 0, lon: 0 }, [])).toBe(false);
    expect(pointInPolygon({ lat: 0, lon: 0 }, square.slice(0, 2))).toBe(false);
  });
  it('a real-world polygon: a yard in Leeds', () => {
    const yard = ring([[-1.56, 53.79], [-1.54, 53.79], [-1.54, 53.8], [-1.56, 53.8]]);
    expect(pointInPolygon({ lat: 53.795, lon: -1.55 }, yard)).toBe(true);
    expect(pointInPolygon({ lat: 53.805, lon: -1.55 }, yard)).toBe(false);
  });
});

describe('bounding boxes', () => {
  it('polygonBBox spans the vertices; null for no vertices', () => {
    expect(polygonBBox(u)).toEqual({ minLat: 0, minLon: 0, maxLat: 1, maxLon: 1 });
    expect(polygonBBox([])).toBeNull();
  });
  it('bboxContains includes the edge', () => {
    const box = { minLat: 0, minLon: 0, maxLat: 1, maxLon: 1 };
    expect(bboxContains(box, { lat: 1, lon: 0 })).toBe(true);
    expect(bboxContains(box, { lat: 1 + e, lon: 0 })).toBe(false);
  });
  it('a circle near a pole spans every longitude', () => {
    const box = circleBBox({ lat: 89.99, lon: 10, radiusMetres: 5000 });
    expect(box).toMatchObject({ minLon: -180, maxLon: 180, maxLat: 90 });
  });
  // The easternmost point of a circle is not on the centre's parallel: it sits poleward, where
  // sin(lat) = sin(centre lat) / cos(d), at longitude offset asin(sin d / cos(centre lat)).
  const widest: Array<[lat: number, radiusMetres: number]> = [
    [0, 2000], [51.5, 50], [51.5, 2000], [60, 100_000], [75, 500_000], [85, 200_000], [-70, 300_000],
  ];
  it.each(widest)('the widest point of a circle at lat %s, radius %s m, lies in its box', (lat, radiusMetres) => {
    const d = (radiusMetres / 1000 / EARTH_RADIUS_KM) * (1 - 1e-9);
    const r = Math.PI / 180;
    const point = {
      lat: Math.asin(Math.sin(lat * r) / Math.cos(d)) / r,
      lon: 2 + Math.asin(Math.sin(d) / Math.cos(lat * r)) / r,
    };
    const circle = { lat, lon: 2, radiusMetres };
    expect(inCircle(point, circle)).toBe(true);
    expect(bboxContains(circleBBox(circle), point)).toBe(true);
  });
  it('every point a circle matches lies in its box, at any latitude', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 1, max: 500_000, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.oneof(fc.constant(1 - 1e-12), fc.double({ min: 0.99, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
        (lat, lon, radiusMetres, bearing, fraction) => {
          // Walk from the centre along a bearing for a fraction of the radius.
          const d = (fraction * radiusMetres) / 1000 / EARTH_RADIUS_KM;
          const p1 = (lat * Math.PI) / 180;
          const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(bearing));
          const y = Math.sin(bearing) * Math.sin(d) * Math.cos(p1);
          const l2 = Math.atan2(y, Math.cos(d) - Math.sin(p1) * Math.sin(p2));
          const point = { lat: (p2 * 180) / Math.PI, lon: lon + (l2 * 180) / Math.PI };
          const circle = { lat, lon, radiusMetres };
          if (inCircle(point, circle)) expect(bboxContains(circleBBox(circle), point)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
