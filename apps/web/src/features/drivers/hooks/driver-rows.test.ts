import { describe, expect, it } from 'vitest';
import { countStale, type Driver, driverRows, vehicleOfDriver, vehiclesByDriver } from './driver-rows.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
const d = (id: number, name: string, updated: string | null, outofdate = false): Driver => ({ id, name, updated, outofdate });

const drivers = [
  d(1, 'Zoe Allen', hoursAgo(1)),
  d(2, 'adam Brook', hoursAgo(30), true),
  d(3, 'Carl Dunn', null, true),
  d(4, 'Beth Evans', hoursAgo(23)),
  d(5, 'Dev Patel', hoursAgo(25)), // current when the server answered, out of date now
];

describe('driverRows', () => {
  it('puts out-of-date drivers first, each part by name regardless of case', () => {
    expect(driverRows(drivers, '', 'attention', NOW).map((r) => r.id)).toEqual([2, 3, 5, 4, 1]);
  });

  it('sorts by name alone when asked', () => {
    expect(driverRows(drivers, '', 'name', NOW).map((r) => r.name)).toEqual(['adam Brook', 'Beth Evans', 'Carl Dunn', 'Dev Patel', 'Zoe Allen']);
  });

  it('marks a driver out of date after more than 24 hours by the page clock, or with no update at all', () => {
    const stale = Object.fromEntries(driverRows(drivers, '', 'name', NOW).map((r) => [r.id, r.stale]));
    expect(stale).toEqual({ 1: false, 2: true, 3: true, 4: false, 5: true });
    expect(driverRows([d(6, 'Exactly', hoursAgo(24))], '', 'name', NOW)[0]?.stale).toBe(false);
  });

  it('filters by any part of the name, ignoring case and spaces around the search', () => {
    expect(driverRows(drivers, '  BRO ', 'name', NOW).map((r) => r.id)).toEqual([2]);
    expect(driverRows(drivers, 'nobody', 'name', NOW)).toEqual([]);
  });

  it('counts the out-of-date rows', () => {
    expect(countStale(driverRows(drivers, '', 'name', NOW))).toBe(3);
  });
});

describe('vehiclesByDriver', () => {
  const v = (unitid: number, registration: string, drivername: string, updated: string | null) => ({ unitid, registration, drivername, updated });
  const vehicles = [
    v(1, 'AB12 CDE', 'Zoe Allen', hoursAgo(3)),
    v(2, 'XY9 ZZZ', '  zoe   allen ', hoursAgo(1)),
    v(3, 'LM70 QRS', 'Beth Evans', null),
    v(4, 'NO DRV', '', hoursAgo(1)),
  ];
  const byName = vehiclesByDriver(vehicles);

  it("finds a driver's vehicle by name whatever the case and spacing, the last to report when in several", () => {
    expect(vehicleOfDriver(byName, 'Zoe Allen')?.unitid).toBe(2);
    expect(vehicleOfDriver(byName, 'beth evans')?.registration).toBe('LM70 QRS');
  });

  it('has no vehicle for a driver in none, and never matches the blank driver', () => {
    expect(vehicleOfDriver(byName, 'Carl Dunn')).toBeNull();
    expect(vehicleOfDriver(byName, '')).toBeNull();
  });
});
