import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import { clusterRadius, FIT_MAX_ZOOM, fitPadding, fleetMapStart } from './fleet-start.ts';

const v = (unitid: number, lat: number | null, lon: number | null): Vehicle => ({
  unitid,
  unittype: 1,
  registration: `YA${unitid} ABC`,
  drivername: '',
  speed: 0,
  ign: 0,
  updated: '2026-03-02T11:59:30Z',
  loc: '',
  lat,
  lon,
  direction: 0,
  vicon: 'hgv-blue',
  vehiclealarm: false,
  ptotrigger1: 0,
  ptotrigger2: 0,
});

const fleet = [v(1, 53.8, -1.55), v(2, 53.7, -1.4), v(3, null, null)];
const saved = { siteId: 4, center: [-1.5, 53.75] as [number, number], zoom: 14.2 };

describe('fleetMapStart', () => {
  it('opens where the user left the map, even before the vehicles are back', () => {
    expect(fleetMapStart(undefined, true, saved, false)).toEqual({ start: { center: [-1.5, 53.75], zoom: 14.2 }, placed: true });
    expect(fleetMapStart(fleet, false, saved, true)).toEqual({ start: { center: [-1.5, 53.75], zoom: 14.2 }, placed: true });
  });

  it("opens at the site's start view (fleetconfig) before the vehicles are back, unless the user left the map elsewhere", () => {
    const site = { lat: 53.8, lon: -1.55, zoom: 11 };
    expect(fleetMapStart(undefined, true, null, false, site)).toEqual({ start: { center: [-1.55, 53.8], zoom: 11 }, placed: true });
    expect(fleetMapStart(fleet, false, saved, false, site)).toEqual({ start: { center: [-1.5, 53.75], zoom: 14.2 }, placed: true });
  });

  it("waits for the vehicles on a first visit, then opens at their bounds with the overlays' room kept", () => {
    expect(fleetMapStart(undefined, true, null, false)).toBeNull();
    expect(fleetMapStart(fleet, false, null, false)).toEqual({
      start: {
        bounds: [
          [-1.55, 53.7],
          [-1.4, 53.8],
        ],
        padding: fitPadding(false),
        maxZoom: FIT_MAX_ZOOM,
      },
      placed: true,
    });
    expect(fleetMapStart(fleet, false, null, true)?.start).toMatchObject({ padding: fitPadding(true) });
  });

  it('opens at the default view, to be placed later, when no vehicle has a position or the vehicles failed', () => {
    expect(fleetMapStart([v(3, null, null)], false, null, false)).toEqual({ placed: false });
    expect(fleetMapStart([], false, null, false)).toEqual({ placed: false });
    expect(fleetMapStart(undefined, false, null, false)).toEqual({ placed: false });
  });
});

describe('fitPadding', () => {
  it('keeps room for the controls at every edge, and below an open card', () => {
    for (const phone of [false, true]) {
      const plain = fitPadding(phone);
      // Zoom buttons on the right, scale, legend and attribution along the bottom.
      expect(plain.right).toBeGreaterThanOrEqual(52);
      expect(plain.bottom).toBeGreaterThanOrEqual(80);
      expect(fitPadding(phone, true).top).toBeGreaterThanOrEqual(120);
    }
  });

  it('fits a phone closer at the sides than a desktop', () => {
    expect(fitPadding(true).left + fitPadding(true).right).toBeLessThan(fitPadding(false).left + fitPadding(false).right);
  });
});

describe('clusterRadius', () => {
  it('clusters tighter on a phone', () => {
    expect(clusterRadius(true)).toBeLessThan(clusterRadius(false));
  });
});
