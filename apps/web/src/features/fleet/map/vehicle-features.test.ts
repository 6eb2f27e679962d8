import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import {
  boundsOf,
  buildVehicleFeatures,
  diffVehicleFeatures,
  type VehicleFeature,
  vehicleFeature,
} from './vehicle-features.ts';

const now = Date.parse('2026-03-02T12:00:00Z');
const v = (unitid: number, extra: Partial<Vehicle> = {}): Vehicle => ({
  unitid,
  unittype: 1,
  registration: `YA${unitid} ABC`,
  drivername: '',
  speed: 32,
  ign: 1,
  updated: '2026-03-02T11:59:30Z',
  loc: '',
  lat: 53.8,
  lon: -1.55,
  direction: 100,
  vicon: 'hgv-blue',
  vehiclealarm: false,
  ptotrigger1: 0,
  ptotrigger2: 0,
  ...extra,
});

describe('vehicleFeature', () => {
  it('places a driving vehicle at [lon, lat] with its marker, heading and label', () => {
    expect(vehicleFeature(v(7), now)).toEqual({
      type: 'Feature',
      id: 7,
      geometry: { type: 'Point', coordinates: [-1.55, 53.8] },
      properties: {
        unitid: 7,
        image: 'vehicle:hgv-blue:no-pto:driving',
        heading: 'heading:driving',
        label: 'label:YA7 ABC',
        direction: 100,
        alarm: 0,
        rank: 4,
      },
    });
  });

  it('has no heading arrow when still, and none when stale', () => {
    expect(vehicleFeature(v(1, { speed: 0 }), now)?.properties).toMatchObject({
      image: 'vehicle:hgv-blue:no-pto:idling',
      heading: '',
    });
    expect(vehicleFeature(v(1, { updated: '2026-02-20T00:00:00Z' }), now)?.properties).toMatchObject({
      image: 'vehicle:hgv-blue:no-pto:stale',
      heading: '',
      rank: 1,
    });
  });

  it('marks alarms for the cluster count and the pulse, and PTO vehicles by their triggers', () => {
    expect(vehicleFeature(v(1, { vehiclealarm: true }), now)?.properties).toMatchObject({ alarm: 1, rank: 5 });
    expect(
      vehicleFeature(v(1, { unittype: 16, vicon: 'tipper-yellow', ptotrigger2: 1 }), now)?.properties.image,
    ).toBe('vehicle:tipper-yellow:pto-2:driving');
  });

  it('leaves out a vehicle that never reported a position', () => {
    expect(vehicleFeature(v(1, { lat: null, lon: null, updated: null }), now)).toBeNull();
  });
});

describe('buildVehicleFeatures', () => {
  it('keeps only the vehicles that have a position', () => {
    const list = [v(1), v(2), v(3, { lat: null, lon: null })];
    const ids = buildVehicleFeatures(list, now).map((f) => f.id);
    expect(ids).toEqual([1, 2]);
  });

  it('gives back the same feature for a vehicle object it has seen, and a new one for a replaced vehicle', () => {
    const cache = new WeakMap();
    const a = v(1);
    const b = v(2);
    const first = buildVehicleFeatures([a, b], now, cache);
    const moved = { ...b, lat: 53.9 };
    const second = buildVehicleFeatures([a, moved], now, cache);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]?.geometry.coordinates[1]).toBe(53.9);
    expect(diffVehicleFeatures(new Map(first.map((x) => [x.properties.unitid, x])), second)?.add?.map((x) => x.id)).toEqual([2]);
  });
});

describe('diffVehicleFeatures', () => {
  const shownOf = (fs: VehicleFeature[]) => new Map(fs.map((f) => [f.properties.unitid, f]));
  const f = (unitid: number, extra: Partial<Vehicle> = {}) => vehicleFeature(v(unitid, extra), now) as VehicleFeature;

  it('is null when nothing moved or changed', () => {
    expect(diffVehicleFeatures(shownOf([f(1), f(2)]), [f(1), f(2)])).toBeNull();
  });

  it('sends only moved, changed and new features, and removes the ones gone from view', () => {
    const diff = diffVehicleFeatures(shownOf([f(1), f(2), f(3)]), [
      f(1),
      f(2, { lat: 53.81 }),
      f(3, { speed: 0 }),
      f(4),
    ]);
    expect(diff?.remove).toBeUndefined();
    expect(diff?.add?.map((x) => x.id)).toEqual([2, 3, 4]);
    expect(diffVehicleFeatures(shownOf([f(1), f(2)]), [f(2)])).toEqual({ remove: [1] });
  });
});

describe('boundsOf', () => {
  it('spans the vehicles that have a position', () => {
    expect(
      boundsOf([v(1, { lat: 53.7, lon: -1.9 }), v(2, { lat: null, lon: null }), v(3, { lat: 53.9, lon: -1.4 })]),
    ).toEqual([
      [-1.9, 53.7],
      [-1.4, 53.9],
    ]);
  });
  it('is null when none has', () => expect(boundsOf([v(1, { lat: null, lon: null })])).toBeNull());
  it("leaves out positions that cannot be drawn (issue 8: a latitude of -214.7 made fitBounds throw)", () => {
    const bad = [
      v(2, { lat: -214.7483648, lon: 214.7483647 }),
      v(3, { lat: 200, lon: -1.5 }),
      v(4, { lat: 0, lon: 0 }),
      v(5, { lat: Number.NaN, lon: -1.5 }),
      v(6, { lat: 1e308, lon: -1e308 }),
    ];
    expect(boundsOf([v(1, { lat: 53.7, lon: -1.9 }), ...bad])).toEqual([
      [-1.9, 53.7],
      [-1.9, 53.7],
    ]);
    expect(boundsOf(bad)).toBeNull();
    expect(buildVehicleFeatures(bad, now)).toEqual([]);
  });
});

describe('vehicleFeature with hostile values', () => {
  it('keeps the label short and the heading a number in [0, 360)', () => {
    const f = vehicleFeature(v(8, { registration: `HUGE${'W'.repeat(5000)}`, direction: -1e308 }), now);
    expect(f?.properties.label.length).toBeLessThan(40);
    expect(f?.properties.direction).toBeGreaterThanOrEqual(0);
    expect(f?.properties.direction).toBeLessThan(360);
    expect(vehicleFeature(v(9, { registration: '' }), now)?.properties.label).toBe('label:#9');
  });
});
