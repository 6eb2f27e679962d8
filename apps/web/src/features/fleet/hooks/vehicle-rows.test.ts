import { describe, expect, it } from 'vitest';
import { collationRanks, filterAndSortVehicles, type SortKey, type Vehicle, type VehicleFilter } from './vehicle-rows.ts';

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

describe('collationRanks', () => {
  it('ranks texts in natural, case-insensitive order; equal texts share a place', () => {
    const ranks = collationRanks();
    const r = ranks(['b10', 'B2', 'a', 'A', 'b2']);
    expect(Object.fromEntries(r)).toEqual({ A: 0, a: 0, B2: 2, b2: 2, b10: 4 });
  });
  it('keeps its places while the texts are known, and starts again when a new one appears', () => {
    const ranks = collationRanks();
    const first = ranks(['x', 'y']);
    expect(ranks(['y'])).toBe(first);
    const next = ranks(['x', 'w', 'y']);
    expect(next).not.toBe(first);
    expect(next.get('w')).toBe(0);
    expect(next.get('y')).toBe(2);
  });
});

describe('filterAndSortVehicles on a large fleet', () => {
  // The same order as comparing vehicle by vehicle with the collator (the rule the list follows).
  const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });
  const rank = (x: Vehicle) => (x.vehiclealarm ? 0 : x.ign === 0 ? 3 : x.speed === 0 ? 2 : 1);
  const naive = (list: Vehicle[], key: SortKey, sign: number) =>
    [...list].sort((a, b) => {
      const primary =
        key === 'registration'
          ? collator.compare(a.registration, b.registration)
          : key === 'driver'
            ? collator.compare(a.drivername, b.drivername)
            : key === 'status'
              ? rank(a) - rank(b) || b.speed - a.speed
              : (a.updated ? Date.parse(a.updated) : 0) - (b.updated ? Date.parse(b.updated) : 0);
      return sign * primary || collator.compare(a.registration, b.registration) || a.unitid - b.unitid;
    });
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const big = Array.from({ length: 800 }, (_, i) =>
    v(i + 1, `${'ABCDE'[rand(5)]}${rand(30)} ${'xyz'[rand(3)]}`, {
      drivername: ['', 'Sam', 'sam', 'Alex', 'Kim Lee'][rand(5)] ?? '',
      ign: rand(2),
      speed: rand(3) === 0 ? 0 : rand(90),
      vehiclealarm: rand(20) === 0,
      updated: rand(10) === 0 ? null : new Date(Date.UTC(2026, 2, 1, 0, rand(600))).toISOString(),
    }),
  );
  it.each(['registration', 'driver', 'status', 'updated'] as const)('sorts by %s like the collator would', (key) => {
    for (const direction of ['asc', 'desc'] as const) {
      const ids = (l: Vehicle[]) => l.map((x) => x.unitid);
      expect(ids(filterAndSortVehicles(big, all, { key, direction }))).toEqual(ids(naive(big, key, direction === 'asc' ? 1 : -1)));
    }
  });
});
