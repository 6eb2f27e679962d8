import type { Poi } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { areaFit, assetWhereInPlace, placeContainsPoint, shownPlace } from './asset-area.ts';

// Yard North: a 1 km circle in Leeds; Dock: a square polygon (x lon, y lat) south of it.
const yard: Poi = { id: 1, name: 'Yard North', mode: 1, gp: '53.8,-1.55', radius: 1000, geo: null, showonmap: true, geofence: false };
const dock: Poi = {
  id: 2, name: 'Dock', mode: 2, gp: null, radius: null, showonmap: true, geofence: true,
  geo: { points: [{ x: -1.6, y: 53.7 }, { x: -1.5, y: 53.7 }, { x: -1.5, y: 53.75 }, { x: -1.6, y: 53.75 }] },
};

describe('the allowed place on the assets map', () => {
  it('picks the place by id, none for anywhere or a place not offered', () => {
    expect(shownPlace([yard, dock], 2)).toBe(dock);
    expect(shownPlace([yard, dock], null)).toBeNull();
    expect(shownPlace([yard, dock], 99)).toBeNull();
  });

  it('tells inside from outside a circle and a polygon, as the movement rule does', () => {
    expect(placeContainsPoint(yard, 53.805, -1.55)).toBe(true);
    expect(placeContainsPoint(yard, 53.82, -1.55)).toBe(false); // 2.2 km north
    expect(placeContainsPoint(dock, 53.72, -1.55)).toBe(true);
    expect(placeContainsPoint(dock, 53.72, -1.45)).toBe(false);
  });

  it('has no answer for a shape without an area or an asset without a position', () => {
    expect(placeContainsPoint({ ...yard, radius: 0 }, 53.8, -1.55)).toBeNull();
    expect(placeContainsPoint({ ...dock, geo: { points: dock.geo?.points.slice(0, 2) ?? [] } }, 53.72, -1.55)).toBeNull();
    expect(assetWhereInPlace({ lat: null, lon: null }, yard)).toBeNull();
    expect(assetWhereInPlace({ lat: 0, lon: 0 }, yard)).toBeNull();
    expect(assetWhereInPlace({ lat: 53.8, lon: -1.55 }, yard)).toBe('inside');
    expect(assetWhereInPlace({ lat: 53.9, lon: -1.55 }, yard)).toBe('outside');
  });

  it('fits the whole area, and the asset too when it is outside', () => {
    const [[w, s], [e, n]] = areaFit({ lat: 53.8, lon: -1.55 }, yard) ?? [[0, 0], [0, 0]];
    // 1 km is about 0.009° of latitude and 0.015° of longitude at 53.8° N.
    expect(n - 53.8).toBeCloseTo(0.009, 3);
    expect(53.8 - s).toBeCloseTo(0.009, 3);
    expect(e - -1.55).toBeCloseTo(0.0152, 3);
    expect(-1.55 - w).toBeCloseTo(0.0152, 3);
    expect(areaFit({ lat: 53.9, lon: -1.4 }, dock)).toEqual([[-1.6, 53.7], [-1.4, 53.9]]);
    expect(areaFit({ lat: null, lon: null }, dock)).toEqual([[-1.6, 53.7], [-1.5, 53.75]]);
    expect(areaFit({ lat: 53.8, lon: -1.55 }, { ...yard, gp: 'nowhere' })).toBeNull();
  });
});
