import { describe, expect, it } from 'vitest';
import { countStates, vehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import { collationRanks, filterAndSortVehicles, type SortKey, triageVehicles, type Vehicle, type VehicleFilter } from './vehicle-rows.ts';

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

describe('triageVehicles: the status chips and the triage order', () => {
  const NOW = Date.parse('2026-03-01T12:00:00Z');
  const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
  const triageFleet = [
    v(1, 'DRIVE 1', { ign: 1, speed: 42, updated: hoursAgo(1), loc: 'Morley', drivername: 'Sam Smith' }),
    v(2, 'IDLE 1', { ign: 1, speed: 0, updated: hoursAgo(2), loc: 'Leeds' }),
    v(3, 'STOP 1', { ign: 0, speed: 0, updated: hoursAgo(3), loc: 'Bradford' }),
    v(4, 'STALE 1', { ign: 1, speed: 30, updated: hoursAgo(25), loc: 'Wakefield' }),
    v(5, 'NEVER 1', { updated: null }),
    v(6, 'ZZ ALARM', { ign: 1, speed: 12, updated: hoursAgo(1), vehiclealarm: true, loc: 'Otley' }),
    v(7, 'AA ALARM OLD', { ign: 0, updated: hoursAgo(40), vehiclealarm: true }),
    v(8, 'DRIVE 2', { ign: 1, speed: 64.6, updated: hoursAgo(0.1), loc: 'Armley' }),
  ];
  const byReg = { sort: { key: 'registration', direction: 'asc' }, pinAlarms: false } as const;
  const pinned = { ...byReg, pinAlarms: true } as const;
  const ids = (list: Vehicle[]) => list.map((x) => x.unitid);

  it("counts every vehicle once, in the map's state: an alarm above no report above movement", () => {
    const { counts } = triageVehicles(triageFleet, all, byReg, NOW);
    expect(counts).toEqual({ driving: 2, idling: 1, stopped: 1, stale: 2, alarm: 2 });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(triageFleet.length);
  });

  it('a chip shows exactly the vehicles it counts, and several chips show their union', () => {
    for (const state of ['driving', 'idling', 'stopped', 'stale', 'alarm'] as const) {
      const { rows, counts } = triageVehicles(triageFleet, { ...all, states: [state] }, byReg, NOW);
      expect(rows).toHaveLength(counts[state]);
      expect(rows.every((x) => vehicleState(x, NOW) === state)).toBe(true);
    }
    expect(ids(triageVehicles(triageFleet, { ...all, states: ['alarm', 'idling'] }, byReg, NOW).rows)).toEqual([7, 2, 6]);
  });

  it('counts what the group and search leave, before the chips narrow it (a chip says what it would show)', () => {
    const { counts, rows } = triageVehicles(triageFleet, { units: [1, 2, 6], search: '', states: ['driving'] }, byReg, NOW);
    expect(counts).toEqual({ driving: 1, idling: 1, stopped: 0, stale: 0, alarm: 1 });
    expect(ids(rows)).toEqual([1]);
    expect(triageVehicles(triageFleet, search('alarm'), byReg, NOW).counts).toEqual(countStates([triageFleet[5]!, triageFleet[6]!], NOW));
  });

  it('pins alarms to the top whatever the sort, each part in that sort', () => {
    expect(ids(triageVehicles(triageFleet, all, pinned, NOW).rows).slice(0, 2)).toEqual([7, 6]);
    const fastest = triageVehicles(triageFleet, all, { sort: { key: 'speed', direction: 'desc' }, pinAlarms: true }, NOW).rows;
    // Standing still ties fall back to registration: IDLE 1, NEVER 1, STOP 1.
    expect(ids(fastest)).toEqual([6, 7, 8, 1, 4, 2, 5, 3]);
    // Unpinned, the alarms fall where the sort puts them.
    expect(ids(triageVehicles(triageFleet, all, byReg, NOW).rows)[0]).toBe(7);
    expect(ids(triageVehicles(triageFleet, all, byReg, NOW).rows).at(-1)).toBe(6);
  });

  it('sorts by speed (a reading that is no speed sorts below standing still) and by location', () => {
    const broken = [...triageFleet, v(9, 'BROKEN', { ign: 1, speed: -50, updated: hoursAgo(1) })];
    expect(ids(filterAndSortVehicles(broken, all, { key: 'speed', direction: 'asc' })).slice(0, 2)).toEqual([9, 7]);
    expect(regs(filterAndSortVehicles(triageFleet, all, { key: 'location', direction: 'asc' })).slice(2)).toEqual([
      'DRIVE 2',
      'STOP 1',
      'IDLE 1',
      'DRIVE 1',
      'ZZ ALARM',
      'STALE 1',
    ]);
  });

  it('a vehicle goes to no report when the clock passes 24 hours without one', () => {
    const later = NOW + 24 * 3_600_000;
    expect(triageVehicles(triageFleet, all, byReg, later).counts.stale).toBe(6);
  });
});
