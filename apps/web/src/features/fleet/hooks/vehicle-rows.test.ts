import { describe, expect, it } from 'vitest';
import { filterAndSortVehicles, type Vehicle, type VehicleFilter } from './vehicle-rows.ts';

const v = (unitid: number, registration: string, extra: Partial<Vehicle> = {}): Vehicle => ({
  unitid,
  registration,
  unittype: 1,
  drivername: '',
  speed: 0,
  ign: 0,
  updated: null,
  loc: '',
  lat: null,
  lon: null,
  direction: 0,
  vicon: '',
  vehiclealarm: false,
  ptotrigger1: 0,
  ptotrigger2: 0,
  ...extra,
});

const fleet = [
  v(1, 'AB12 CDE', { drivername: 'Sam Smith', ign: 1, speed: 30, updated: '2026-03-01T10:00:00Z' }),
  v(2, 'XY9 ZZZ', { drivername: 'Alex Jones', ign: 1, speed: 0, updated: '2026-03-01T11:00:00Z' }),
  v(3, 'ab2 fff', { ign: 0, updated: null }),
  v(4, 'LM70 QRS', { drivername: 'Kim Lee', vehiclealarm: true, updated: '2026-03-01T09:00:00Z' }),
];
const regs = (list: Vehicle[]) => list.map((x) => x.registration);
const all: VehicleFilter = { units: null, search: '' };
const search = (text: string): VehicleFilter => ({ units: null, search: text });

describe('filterAndSortVehicles', () => {
  it('sorts registrations naturally and case-insensitively', () => {
    expect(regs(filterAndSortVehicles(fleet, all, { key: 'registration', direction: 'asc' }))).toEqual([
      'ab2 fff',
      'AB12 CDE',
      'LM70 QRS',
      'XY9 ZZZ',
    ]);
  });
  it('reverses for descending order', () => {
    expect(regs(filterAndSortVehicles(fleet, all, { key: 'registration', direction: 'desc' }))[0]).toBe(
      'XY9 ZZZ',
    );
  });
  it('puts alarms first, then driving, idling, stopped', () => {
    expect(regs(filterAndSortVehicles(fleet, all, { key: 'status', direction: 'asc' }))).toEqual([
      'LM70 QRS',
      'AB12 CDE',
      'XY9 ZZZ',
      'ab2 fff',
    ]);
  });
  it('sorts by last update with never-reported vehicles oldest', () => {
    expect(regs(filterAndSortVehicles(fleet, all, { key: 'updated', direction: 'desc' }))).toEqual([
      'XY9 ZZZ',
      'AB12 CDE',
      'LM70 QRS',
      'ab2 fff',
    ]);
  });
  it('filters by registration or driver, ignoring case and spaces around the query', () => {
    expect(regs(filterAndSortVehicles(fleet, search(' ab'), { key: 'registration', direction: 'asc' }))).toEqual([
      'ab2 fff',
      'AB12 CDE',
    ]);
    expect(regs(filterAndSortVehicles(fleet, search('JONES'), { key: 'registration', direction: 'asc' }))).toEqual([
      'XY9 ZZZ',
    ]);
  });
  it("shows only a group's units, and searches within them", () => {
    const group = [1, 3, 4];
    expect(regs(filterAndSortVehicles(fleet, { units: group, search: '' }, { key: 'registration', direction: 'asc' }))).toEqual([
      'ab2 fff',
      'AB12 CDE',
      'LM70 QRS',
    ]);
    expect(regs(filterAndSortVehicles(fleet, { units: group, search: 'ab' }, { key: 'registration', direction: 'asc' }))).toEqual([
      'ab2 fff',
      'AB12 CDE',
    ]);
    expect(filterAndSortVehicles(fleet, { units: [], search: '' }, { key: 'registration', direction: 'asc' })).toEqual([]);
  });
  it('does not modify the input list', () => {
    const copy = [...fleet];
    filterAndSortVehicles(fleet, all, { key: 'updated', direction: 'asc' });
    expect(fleet).toEqual(copy);
  });
});
