import { haversineKm } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  circleRing, placesMatching, type Poi, poiBounds, poiFeatures, poiLabelAnchor, poiLabelFeatures, poiLabelFor, poiLabelImageId,
  polygonRing,
} from './poi-shapes.ts';

const LEEDS = { lat: 53.8, lon: -1.55 };
const circle = (over: Partial<Poi> = {}): Poi => ({
  id: 1, name: 'Depot', mode: 1, gp: '53.8,-1.55', radius: 250, geo: null, showonmap: true, geofence: false, ...over,
});
const square: Poi = {
  id: 2, name: 'Yard', mode: 2, gp: null, radius: null, showonmap: true, geofence: true,
  geo: { points: [{ x: -1.6, y: 53.7 }, { x: -1.5, y: 53.7 }, { x: -1.5, y: 53.8 }, { x: -1.6, y: 53.8 }] },
};

describe('circleRing', () => {
  it('puts every vertex at the radius from the centre (haversine, within 0.1%)', () => {
    const ring = circleRing(LEEDS, 500);
    for (const [lon, lat] of ring) expect(haversineKm(LEEDS.lat, LEEDS.lon, lat, lon) * 1000).toBeCloseTo(500, -1);
  });

  it('is closed: steps + 1 positions, the last repeating the first', () => {
    const ring = circleRing(LEEDS, 100, 32);
    expect(ring).toHaveLength(33);
    expect(ring[32]).toEqual(ring[0]);
  });

  it('starts due north of the centre', () => {
    const [lon, lat] = circleRing(LEEDS, 1000)[0] ?? [0, 0];
    expect(lon).toBeCloseTo(LEEDS.lon, 9);
    expect(lat).toBeGreaterThan(LEEDS.lat);
  });
});

describe('polygonRing', () => {
  it("closes the spec's open x/y ring as [lon, lat]", () => {
    expect(polygonRing(square.geo?.points ?? [])).toEqual([[-1.6, 53.7], [-1.5, 53.7], [-1.5, 53.8], [-1.6, 53.8], [-1.6, 53.7]]);
  });
  it('leaves an already closed ring alone and refuses fewer than three points', () => {
    expect(polygonRing([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 0 }])).toHaveLength(4);
    expect(polygonRing([{ x: 0, y: 0 }, { x: 1, y: 0 }])).toBeNull();
  });
});

describe('poiFeatures', () => {
  it('draws only places with showonmap, flagging geofences', () => {
    const fc = poiFeatures([circle(), square, circle({ id: 3, showonmap: false })]);
    expect(fc.features.map((f) => [f.properties.id, f.properties.geofence])).toEqual([[1, false], [2, true]]);
  });
  it('skips shapes it cannot draw (bad centre, no radius, no points)', () => {
    const bad = [circle({ gp: 'nowhere' }), circle({ radius: null }), { ...square, geo: null }];
    expect(poiFeatures(bad).features).toEqual([]);
  });
});

describe('poiBounds', () => {
  it('boxes a polygon by its points and a circle by its ring', () => {
    expect(poiBounds(square)).toEqual([[-1.6, 53.7], [-1.5, 53.8]]);
    const [[w, s], [e, n]] = poiBounds(circle()) ?? [[0, 0], [0, 0]];
    expect(w).toBeLessThan(-1.55);
    expect(e).toBeGreaterThan(-1.55);
    expect(n - s).toBeCloseTo((2 * 250) / 111_195, 4);
  });
});

describe('place labels', () => {
  it('puts a circle\'s label at its centre and a polygon\'s at its centroid', () => {
    expect(poiLabelAnchor(circle())).toEqual([-1.55, 53.8]);
    const [x, y] = poiLabelAnchor(square) ?? [0, 0];
    expect(x).toBeCloseTo(-1.55, 9);
    expect(y).toBeCloseTo(53.75, 9);
  });
  it('keeps the label inside a concave outline whose centroid falls outside it', () => {
    // A thin U: the centroid lies in the gap between the arms.
    const u: Poi = { ...square, geo: { points: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 3, y: 3 }, { x: 2.9, y: 3 }, { x: 2.9, y: 0.1 }, { x: 0.1, y: 0.1 }, { x: 0.1, y: 3 }, { x: 0, y: 3 }] } };
    expect(poiLabelAnchor(u)).toEqual([0, 0]);
  });
  it('labels only the places drawn, each with an image id naming its kind, read back by the drawer', () => {
    const fc = poiLabelFeatures([circle(), square, circle({ id: 3, showonmap: false }), circle({ id: 5, radius: null })]);
    expect(fc.features.map((f) => f.properties)).toEqual([
      { id: 1, label: 'poi-label:p:Depot' },
      { id: 2, label: 'poi-label:g:Yard' },
    ]);
    expect(poiLabelFor(poiLabelImageId('North: gate', true))).toEqual({ name: 'North: gate', geofence: true });
    expect(poiLabelFor('label:AB12 CDE')).toBeNull();
    expect(poiLabelFor('poi-label:x:Depot')).toBeNull();
  });
});

describe('placesMatching', () => {
  const places = [circle({ id: 1, name: 'Leeds Depot' }), circle({ id: 2, name: 'Stourton Park & Ride' }), circle({ id: 3, name: 'Thorpe PARK' })];
  it('keeps the places whose name contains the text in any case, in their order', () => {
    expect(placesMatching(places, ' park ').map((p) => p.id)).toEqual([2, 3]);
    expect(placesMatching(places, 'DEPOT').map((p) => p.id)).toEqual([1]);
    expect(placesMatching(places, 'nowhere')).toEqual([]);
  });
  it('keeps them all for empty or blank text', () => {
    expect(placesMatching(places, '   ')).toBe(places);
  });
  it('matches within a site of 10,000 places', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => circle({ id: i, name: `Customer site ${i}` }));
    expect(placesMatching(many, 'site 99').length).toBe(111);
  });
});
