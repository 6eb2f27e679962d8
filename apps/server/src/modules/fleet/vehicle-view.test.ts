import { describe, expect, it } from 'vitest';
import { updateOfPosition, updateOfState, vehicleLive, vehicleOfRow } from './vehicle-view.ts';

const base = { lat: 53.8, lon: -1.55, speed: 80, angle: 180, ignition: true, deviceTime: new Date('2026-11-22T08:00:00Z'), panic: false, pto1: true, pto2: false };

describe('vehicle live view', () => {
  it('answers speed in mph, rounded', () => {
    expect(vehicleLive(base).speed).toBe(50);
  });

  it('takes the ignition input when the device has one', () => {
    expect(vehicleLive({ ...base, ignition: false }).ign).toBe(0);
    expect(vehicleLive({ ...base, ignition: true, speed: 0 }).ign).toBe(1);
  });

  it('counts a device without ignition input as on only while it moves', () => {
    expect(vehicleLive({ ...base, ignition: null, speed: 12 }).ign).toBe(1);
    expect(vehicleLive({ ...base, ignition: null, speed: 0 }).ign).toBe(0);
  });

  it('carries alarm and PTO flags', () => {
    expect(vehicleLive({ ...base, panic: true })).toMatchObject({ vehiclealarm: true, ptotrigger1: 1, ptotrigger2: 0 });
  });
});

describe('one vehicle read model', () => {
  const where = (lat: number, lon: number) => `near ${lat},${lon}`;
  const at = new Date('2026-11-22T08:00:00Z');
  const row = {
    id: 7, unit_type_id: 1, registration: 'AB12 CDE', vicon: '', type_icon: 'van', driver_name: null,
    lat: 53.8, lon: -1.55, speed: 80, angle: 180, ignition: null, device_ms: at.getTime(), panic: false, pto1: true, pto2: false, loc_code: null, alarm: true,
  };
  const state = {
    unit_id: 7, lat: 53.8, lon: -1.55, speed: 80, ignition: null, angle: 180, device_time: at, panic: false, pto1: true, pto2: false, alarm: true, loc_code: null,
  };
  const position = { unitId: 7, deviceTimeMs: at.getTime(), lat: 53.8, lon: -1.55, speed: 80, angle: 180, ignition: null, panic: false, pto1: true, pto2: false };
  const LIVE_KEYS = ['lat', 'lon', 'speed', 'ign', 'direction', 'updated', 'vehiclealarm', 'ptotrigger1', 'ptotrigger2'] as const;

  it('gives the vehicles call, a state update and a position update the same live fields and location text', () => {
    const vehicle = vehicleOfRow(row, where);
    const fromState = updateOfState(state, where);
    const fromPosition = updateOfPosition(position, true, where);
    for (const k of LIVE_KEYS) {
      expect(fromState[k], k).toEqual(vehicle[k]);
      expect(fromPosition[k], k).toEqual(vehicle[k]);
    }
    expect(fromState.loc).toBe(vehicle.loc);
    expect(fromPosition.loc).toBe(vehicle.loc);
    expect(vehicle).toMatchObject({ speed: 50, ign: 1, vehiclealarm: true, vicon: 'van', drivername: '' });
  });

  it('writes updates in the order the socket has always carried them, loc last and only when known', () => {
    expect(Object.keys(updateOfState(state, where))).toEqual(['unitid', ...LIVE_KEYS, 'loc']);
    expect(Object.keys(updateOfPosition(position, false, undefined))).toEqual(['unitid', ...LIVE_KEYS]);
  });

  it('answers a unit that never reported with no position and its alarm flag', () => {
    const never = vehicleOfRow({ ...row, lat: null, lon: null, speed: null, angle: null, device_ms: null, panic: null, pto1: null, pto2: null }, where);
    expect(never).toMatchObject({ lat: null, lon: null, speed: 0, ign: 0, updated: null, loc: '', vehiclealarm: true });
  });
});
