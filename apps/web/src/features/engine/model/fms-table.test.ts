import type { FmsVehicle } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  isStale, mergeUpdates, nextSort, readingNumber, readingText, reporting, searchVehicles, sortVehicles, vehiclePageValues,
} from './fms-table.ts';

const coolant = (value: number) => ({ key: 'coolantTemp', id: 115, name: 'Engine coolant temperature', unit: '°C', group: 'engine', value, text: `${value} °C` });
const vehicle = (unitid: number, registration: string, updated: string | null, values: FmsVehicle['values'] = []): FmsVehicle => ({
  unitid, registration, unittype: 'HGV', updated, faultcodes: [], values,
});
const A = vehicle(1, 'YK21 ABC', '2026-11-24T10:00:00.000Z', [coolant(88)]);
const B = vehicle(2, 'AB12 CDE', '2026-11-24T09:00:00.000Z', [coolant(91)]);
const C = vehicle(3, 'CD34 EFG', null);

describe('the fleet engine table', () => {
  it('sorts by a value with vehicles lacking it last, either way', () => {
    expect(sortVehicles([A, B, C], { column: 'coolantTemp', descending: false }).map((v) => v.unitid)).toEqual([1, 2, 3]);
    expect(sortVehicles([A, B, C], { column: 'coolantTemp', descending: true }).map((v) => v.unitid)).toEqual([2, 1, 3]);
    expect(sortVehicles([A, B, C], { column: 'registration', descending: false }).map((v) => v.unitid)).toEqual([2, 3, 1]);
    expect(nextSort({ column: 'rpm', descending: false }, 'rpm')).toEqual({ column: 'rpm', descending: true });
    expect(nextSort({ column: 'rpm', descending: true }, 'axle1')).toEqual({ column: 'axle1', descending: false });
  });

  it('searches registrations and unit types, and keeps to vehicles that report engine data', () => {
    expect(searchVehicles([A, B, C], 'yk21').map((v) => v.unitid)).toEqual([1]);
    expect(searchVehicles([A, B, C], ' ')).toHaveLength(3);
    expect(reporting([A, B, C]).map((v) => v.unitid)).toEqual([1, 2]);
  });

  it("lists a vehicle's measured values and fault counts, not its states", () => {
    const ignition = { key: 'io239', id: 239, name: 'Ignition', unit: '', group: 'driving', value: 1, text: '1' };
    const dtc = { key: 'dtcCount', id: 160, name: 'DTC faults (CAN)', unit: '', group: 'faults', value: 2, text: '2' };
    expect(vehiclePageValues([coolant(80), ignition, dtc]).map((r) => r.id)).toEqual([115, 160]);
  });

  it('marks values over an hour old, and a vehicle that never reported, as stale', () => {
    const now = new Date('2026-11-24T10:30:00.000Z');
    expect(isStale(A, now)).toBe(false);
    expect(isStale(B, now)).toBe(true);
    expect(isStale(C, now)).toBe(true);
  });

  it('merges a live update in place, ignores an older one, and adds a newly reported column', () => {
    const data = { columns: [{ key: 'coolantTemp', name: 'Engine coolant temperature', unit: '°C', group: 'engine' }], vehicles: [A, B] };
    const axle = { key: 'axle1', id: 118, name: 'Axle 1 load', unit: 'kg', group: 'axles', value: 7000, text: '7,000 kg' };
    const next = mergeUpdates(data, [vehicle(1, 'YK21 ABC', '2026-11-24T10:01:00.000Z', [coolant(90), axle])]);
    expect(next.vehicles[0]?.values[0]?.value).toBe(90);
    expect(next.vehicles[1]).toBe(B);
    expect(next.columns.map((c) => c.key)).toEqual(['coolantTemp', 'axle1']);
    expect(mergeUpdates(data, [vehicle(1, 'YK21 ABC', '2026-11-24T09:59:00.000Z', [coolant(70)])])).toBe(data);
    expect(mergeUpdates(data, [vehicle(99, 'X', null)])).toBe(data);
  });

  it('reads distances and speeds in the site\'s system', () => {
    const km = { value: 15_000, unit: 'km', text: '15,000 km' };
    expect(readingText(km, 'metric')).toBe('15,000 km');
    expect(readingText(km, 'imperial')).toBe('9,321 mi');
    expect(readingText({ value: 80, unit: 'km/h', text: '80 km/h' }, 'imperial')).toBe('50 mph');
    expect(readingText({ value: 88, unit: '°C', text: '88 °C' }, 'imperial')).toBe('88 °C');
    expect(readingNumber({ value: 12_345.6, unit: 'l', text: '12,345.6 l' }, 'metric')).toBe('12,345.6');
    expect(readingNumber({ value: 64, unit: '%', text: '64 %' }, 'imperial')).toBe('64');
    expect(readingNumber({ value: 2, unit: '', text: '2' }, 'metric')).toBe('2');
  });
});
