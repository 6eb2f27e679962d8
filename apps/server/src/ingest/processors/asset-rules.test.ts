import { DEFAULT_WORKING_HOURS } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { type AllowedPlace, assetMovementBreach, type AssetRules, placeContains, placeHasArea } from './asset-rules.ts';

const london = { tz: 'Europe/London', hours: DEFAULT_WORKING_HOURS };
// Yard North: a 300 m circle; Compound: a square polygon (x lon, y lat) around (53.80, -1.55).
const yard: AllowedPlace = { id: 7, name: 'Yard North', mode: 1, lat: 53.9, lon: -1.6, radius: 300, points: null };
const compound: AllowedPlace = {
  id: 8, name: 'Compound', mode: 2, lat: null, lon: null, radius: null,
  points: [{ x: -1.56, y: 53.79 }, { x: -1.54, y: 53.79 }, { x: -1.54, y: 53.81 }, { x: -1.56, y: 53.81 }],
};
const IN_YARD = { lat: 53.9005, lon: -1.6 };
const FAR = { lat: 54.5, lon: -2.5 };
const rules = (over: Partial<AssetRules>): AssetRules => ({ hours: null, place: null, ...over });
const at = (iso: string) => Date.parse(iso);

describe('assetMovementBreach: why a movement start raises Asset Movement (null: allowed)', () => {
  it("allows a movement inside the site's working hours when the asset has no rules of its own", () => {
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), FAR.lat, FAR.lon, undefined, london)).toBeNull();
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), FAR.lat, FAR.lon, rules({}), london)).toBeNull();
  });

  it("names the site's hours when it moves outside them, on a weekday night and at the weekend", () => {
    expect(assetMovementBreach(at('2026-11-23T22:00:00Z'), FAR.lat, FAR.lon, undefined, london)).toBe('outside allowed hours Mon–Fri 06:00–18:00');
    expect(assetMovementBreach(at('2026-11-28T12:00:00Z'), FAR.lat, FAR.lon, undefined, london)).toBe('outside allowed hours Mon–Fri 06:00–18:00');
  });

  it("judges the asset's own hours over the site's", () => {
    const own = rules({ hours: { days: [6, 7], start: '08:00', end: '12:00' } });
    expect(assetMovementBreach(at('2026-11-28T09:00:00Z'), FAR.lat, FAR.lon, own, london)).toBeNull(); // Saturday morning
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), FAR.lat, FAR.lon, own, london)).toBe('outside allowed hours Sat, Sun 08:00–12:00');
  });

  it('reads the window on the site clock across the change to summer time (DST)', () => {
    // 05:30 UTC is 05:30 in London before 29 March 2026 (outside 06:00–18:00) and 06:30 after it (inside).
    expect(assetMovementBreach(at('2026-03-23T05:30:00Z'), FAR.lat, FAR.lon, undefined, london)).toMatch(/^outside allowed hours/);
    expect(assetMovementBreach(at('2026-03-30T05:30:00Z'), FAR.lat, FAR.lon, undefined, london)).toBeNull();
    // 17:30 UTC is 18:30 BST in summer: outside.
    expect(assetMovementBreach(at('2026-07-01T17:30:00Z'), FAR.lat, FAR.lon, undefined, london)).toMatch(/^outside allowed hours/);
    // Another zone: 08:00 UTC is 09:00 in Paris in winter and 10:00 in summer; a 09:30–17:00 window.
    const paris = { tz: 'Europe/Paris', hours: { days: [1, 2, 3, 4, 5], start: '09:30', end: '17:00' } };
    expect(assetMovementBreach(at('2026-01-05T08:00:00Z'), FAR.lat, FAR.lon, undefined, paris)).not.toBeNull();
    expect(assetMovementBreach(at('2026-07-06T08:00:00Z'), FAR.lat, FAR.lon, undefined, paris)).toBeNull();
  });

  it('takes an overnight window (end before start) as belonging to the day it starts on', () => {
    const nights = rules({ hours: { days: [1, 2, 3, 4, 5], start: '22:00', end: '06:00' } });
    expect(assetMovementBreach(at('2026-11-23T23:00:00Z'), FAR.lat, FAR.lon, nights, london)).toBeNull(); // Monday night
    expect(assetMovementBreach(at('2026-11-28T02:00:00Z'), FAR.lat, FAR.lon, nights, london)).toBeNull(); // Friday night, Saturday 02:00
    expect(assetMovementBreach(at('2026-11-29T02:00:00Z'), FAR.lat, FAR.lon, nights, london)).toBe('outside allowed hours Mon–Fri 22:00–06:00'); // Saturday night
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), FAR.lat, FAR.lon, nights, london)).toBe('outside allowed hours Mon–Fri 22:00–06:00'); // Monday noon
  });

  it('raises for a movement outside the allowed place, in hours, and names the place', () => {
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), IN_YARD.lat, IN_YARD.lon, rules({ place: yard }), london)).toBeNull();
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), FAR.lat, FAR.lon, rules({ place: yard }), london)).toBe('outside Yard North');
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), 53.8, -1.55, rules({ place: compound }), london)).toBeNull();
  });

  it('gives both reasons when it is outside the hours and the place', () => {
    expect(assetMovementBreach(at('2026-11-23T22:00:00Z'), FAR.lat, FAR.lon, rules({ place: yard }), london))
      .toBe('outside allowed hours Mon–Fri 06:00–18:00; outside Yard North');
  });

  it('has no hours limit for a site it does not know and no hours of its own; an allowed "no days" never allows', () => {
    expect(assetMovementBreach(at('2026-11-23T22:00:00Z'), FAR.lat, FAR.lon, undefined, undefined)).toBeNull();
    const never = rules({ hours: { days: [], start: '06:00', end: '18:00' } });
    expect(assetMovementBreach(at('2026-11-23T12:00:00Z'), FAR.lat, FAR.lon, never, london)).toBe('outside allowed hours no working days');
  });
});

describe('placeContains / placeHasArea', () => {
  it('matches circles and polygons; a shape without an area contains nothing', () => {
    expect(placeContains(yard, IN_YARD.lat, IN_YARD.lon)).toBe(true);
    expect(placeContains(yard, FAR.lat, FAR.lon)).toBe(false);
    expect(placeContains(compound, 53.8, -1.55)).toBe(true);
    expect(placeContains(compound, 53.82, -1.55)).toBe(false);
    const flat = { ...yard, radius: 0 };
    expect(placeContains(flat, yard.lat as number, yard.lon as number)).toBe(false);
    expect(placeHasArea(flat)).toBe(false);
    expect(placeHasArea(yard)).toBe(true);
    expect(placeHasArea(compound)).toBe(true);
    expect(placeHasArea({ ...compound, points: compound.points?.slice(0, 2) ?? null })).toBe(false);
  });
});
