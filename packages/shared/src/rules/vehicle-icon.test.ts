import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VEHICLE_ICON_NAME,
  type PtoIconName,
  ptoIcon,
  STALE_AFTER_MS,
  VEHICLE_ICON_NAMES,
  type VehicleIconName,
  type VehicleIconState,
  vehicleIconName,
  vehicleIconState,
} from './vehicle-icon.ts';

describe('ptoIcon (spec section 4: unit type 16 picks an icon by its PTO triggers)', () => {
  const table: Array<[unittype: number, pto1: number, pto2: number, icon: PtoIconName | null]> = [
    [16, 0, 0, 'pto-none'],
    [16, 1, 0, 'pto-1'],
    [16, 0, 1, 'pto-2'],
    [16, 1, 1, 'pto-both'],
    [16, 2, 0, 'pto-1'], // any non-zero trigger reads as on
    [1, 1, 1, null],
    [2, 0, 0, null],
    [6, 1, 0, null],
  ];
  it.each(table)('unittype %s, triggers %s/%s -> %s', (unittype, pto1, pto2, icon) => {
    expect(ptoIcon(unittype, pto1, pto2)).toBe(icon);
  });
});

describe('vehicleIconName (spec section 3: catalogue, default blue van, asset and shield icons)', () => {
  const table: Array<[vicon: string, unittype: number, icon: VehicleIconName]> = [
    ['hgv-blue', 2, 'hgv-blue'],
    ['car-red', 1, 'car-red'], // the vehicle's own icon wins over its type
    ['shield', 6, 'shield'],
    ['asset', 6, 'asset'],
    ['Shield Icon', 6, 'shield'],
    ['Asset Icon', 1, 'asset'],
    ['icons/HGV_White.png', 1, 'hgv-white'],
    ['  tipper-yellow ', 16, 'tipper-yellow'],
    ['', 1, 'service-van-blue'],
    ['', 2, 'hgv-white'],
    ['', 3, 'car-silver'],
    ['', 6, 'asset'],
    ['', 16, 'gritter-orange'],
    ['', 20, 'phone'],
    ['', 99, 'service-van-blue'],
    ['rocket-green', 99, 'service-van-blue'],
    ['rocket-green', 6, 'asset'],
    ['default', 2, 'service-van-blue'],
  ];
  it.each(table)('vicon %j, unittype %s -> %s', (vicon, unittype, icon) => {
    expect(vehicleIconName({ vicon, unittype })).toBe(icon);
  });

  it('knows every catalogue name and defaults to the blue service van', () => {
    for (const name of VEHICLE_ICON_NAMES) expect(vehicleIconName({ vicon: name, unittype: 1 })).toBe(name);
    expect(DEFAULT_VEHICLE_ICON_NAME).toBe('service-van-blue');
  });
});

describe('vehicleIconState', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  const recent = '2026-03-02T11:59:00Z';
  const table: Array<[ign: number, speed: number, updated: string | null, alarm: boolean, state: VehicleIconState]> = [
    [1, 30, recent, false, 'driving'],
    [1, 0, recent, false, 'idling'],
    [0, 0, recent, false, 'stopped'],
    [0, 25, recent, false, 'stopped'],
    [1, 30, recent, true, 'alarm'],
    [0, 0, null, false, 'stale'],
    [1, 30, '2026-03-01T11:59:59Z', false, 'stale'], // just over 24 h
    [1, 30, '2026-03-01T12:00:00Z', false, 'driving'], // exactly 24 h is not yet stale
    [0, 0, '2026-02-01T00:00:00Z', true, 'alarm'], // an alarm is never hidden by age
    [1, 0, 'not a date', false, 'stale'],
  ];
  it.each(table)('ign=%s speed=%s updated=%s alarm=%s -> %s', (ign, speed, updated, vehiclealarm, state) => {
    expect(vehicleIconState({ ign, speed, updated, vehiclealarm }, now)).toBe(state);
  });

  it('uses the 24-hour threshold', () => expect(STALE_AFTER_MS).toBe(86_400_000));
});
