import { SITE_POI } from '@fleet/demo/data/poi';
import { describe, expect, it } from 'vitest';
import { distanceM } from './geo.ts';
import { allRoutes, depotOf, positionAt, routesForSite } from './index.ts';

const SITES = ['Leeds Depot', 'Bradford Yard', 'Wakefield Works'];

describe('routes', () => {
  it('has at least eight routes, several per demo site, with unique ids', () => {
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(8);
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    for (const site of SITES) expect(routesForSite(site).length).toBeGreaterThanOrEqual(3);
  });

  it('starts and ends every route at its depot, the seed POI of the same name', () => {
    for (const site of SITES) {
      const poi = SITE_POI[site]?.find((p) => p.name === site);
      expect(poi?.mode).toBe(1);
      expect(depotOf(site)).toEqual(poi?.mode === 1 ? { lat: poi.lat, lon: poi.lon } : undefined);
    }
    for (const r of allRoutes()) {
      const depot = depotOf(r.site);
      expect(distanceM(r.points[0] ?? depot, depot)).toBeLessThan(1);
      expect(distanceM(r.points.at(-1) ?? depot, depot)).toBeLessThan(1);
    }
  });

  it('is dense (points at most 300 m apart), inside West Yorkshire, with plausible lengths and stops', () => {
    for (const r of allRoutes()) {
      for (let i = 1; i < r.points.length; i++) {
        const a = r.points[i - 1];
        const b = r.points[i];
        if (!a || !b) continue;
        expect(distanceM(a, b)).toBeLessThanOrEqual(300);
        expect(b.d).toBeGreaterThanOrEqual(a.d);
      }
      for (const p of r.points) {
        expect(p.lat).toBeGreaterThan(53.6);
        expect(p.lat).toBeLessThan(53.9);
        expect(p.lon).toBeGreaterThan(-1.8);
        expect(p.lon).toBeLessThan(-1.4);
        expect(p.limitKmh).toBeGreaterThanOrEqual(32);
        expect(p.limitKmh).toBeLessThanOrEqual(97);
      }
      expect(r.length).toBeGreaterThan(8000);
      expect(r.length).toBeLessThan(40_000);
      expect(r.stops.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives the direction of travel as heading', () => {
    const r = allRoutes()[0];
    if (!r) throw new Error('no routes');
    for (let d = 50; d < r.length - 50; d += 500) {
      const here = positionAt(r, d);
      const next = positionAt(r, d + 5);
      const bearing =
        (Math.atan2((next.lon - here.lon) * Math.cos((here.lat * Math.PI) / 180), next.lat - here.lat) *
          180) /
        Math.PI;
      const diff = Math.abs(((bearing - here.heading + 540) % 360) - 180);
      expect(diff).toBeLessThan(15);
    }
  });
});
