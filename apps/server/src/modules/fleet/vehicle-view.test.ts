import { describe, expect, it } from 'vitest';
import { vehicleLive } from './vehicle-view.ts';

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
