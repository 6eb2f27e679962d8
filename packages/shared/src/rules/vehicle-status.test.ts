import { describe, expect, it } from 'vitest';
import { vehicleMotion, vehicleStatusText } from './vehicle-status.ts';

describe('vehicleStatusText (spec section 4)', () => {
  const table: Array<[ign: number, speed: number, unittype: number, text: string]> = [
    [0, 0, 1, 'stopped'],
    [0, 30, 1, 'stopped'],
    [1, 0, 1, 'Idling'],
    [1, 42, 1, 'driving at 42 mph'],
    [1, 41.6, 1, 'driving at 42 mph'],
    [2, 5, 16, 'driving at 5 mph'],
    [0, 0, 6, ''],
    [1, 0, 6, ''],
    [1, 55, 6, ''],
  ];
  it.each(table)('ign=%s speed=%s unittype=%s -> %j', (ign, speed, unittype, text) => {
    expect(vehicleStatusText({ ign, speed, unittype })).toBe(text);
  });
});

describe('vehicleMotion', () => {
  it('ignition off wins over speed', () => expect(vehicleMotion({ ign: 0, speed: 12 })).toBe('stopped'));
  it('ignition on and still is idling', () => expect(vehicleMotion({ ign: 1, speed: 0 })).toBe('idling'));
  it('ignition on and moving is driving', () => expect(vehicleMotion({ ign: 1, speed: 3 })).toBe('driving'));
});
