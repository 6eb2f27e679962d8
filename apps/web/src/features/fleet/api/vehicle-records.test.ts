import { vehicleSchema } from '@fleet/shared';
import { vehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatFullDate, formatRelative } from '../../../shared/format/time.ts';
import { drawablePosition } from '../../../shared/vehicles/position.ts';
import { applyVehicleUpdates } from '../hooks/vehicle-batch.ts';
import { filterAndSortVehicles, type SortKey } from '../hooks/vehicle-rows.ts';
import { boundsOf, buildVehicleFeatures } from '../map/vehicle-features.ts';
import { readVehicles, readVehicleUpdates } from './vehicle-records.ts';

// Any value a broken device, a bug or a hand-edited row can put in a field.
const hostile = fc.oneof(
  fc.anything(),
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    null,
    undefined,
    'NaN',
    'Infinity',
    '',
    -214.7483648,
    214.7483647,
    200,
    1e308,
    -1e308,
    0,
    -1,
    Number.MAX_SAFE_INTEGER,
    '9999-12-31T23:59:59Z',
    '+275760-09-13T00:00:00.001Z',
    'not a time',
    'W'.repeat(5000),
  ),
  fc.string({ maxLength: 60 }),
);
const FIELDS = ['unittype', 'registration', 'drivername', 'speed', 'ign', 'updated', 'loc', 'lat', 'lon', 'direction', 'vicon', 'vehiclealarm', 'ptotrigger1', 'ptotrigger2'] as const;
const good = {
  unittype: 1,
  registration: 'AB12 CDE',
  drivername: 'Sam',
  speed: 30,
  ign: 1,
  updated: '2026-03-01T10:00:00Z',
  loc: 'Leeds',
  lat: 53.8,
  lon: -1.55,
  direction: 90,
  vicon: 'hgv-white',
  vehiclealarm: false,
  ptotrigger1: 0,
  ptotrigger2: 0,
};
/** A real record with some of its fields swapped for hostile values (and sometimes a broken unit id). */
const record = fc
  .record({
    unitid: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) }, { weight: 1, arbitrary: hostile }),
    swaps: fc.dictionary(fc.constantFrom(...FIELDS), hostile, { maxKeys: FIELDS.length }),
  })
  .map(({ unitid, swaps }) => ({ ...good, unitid, ...swaps }) as Record<string, unknown>);
const answer = fc.oneof({ weight: 9, arbitrary: fc.array(record, { maxLength: 30 }) }, { weight: 1, arbitrary: hostile });

// Left-out records are reported with console.warn; thousands of runs need not print them.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('readVehicles', () => {
  it('turns any answer into vehicles that keep the contract (vehicleSchema)', () => {
    fc.assert(
      fc.property(answer, (records) => {
        for (const v of readVehicles(records)) expect(vehicleSchema.safeParse(v).success).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps every record with a usable unit id, and good fields as they were', () => {
    const read = readVehicles([
      { ...good, unitid: 1 },
      { ...good, unitid: 2, lat: 'NaN', speed: null, updated: 42, registration: 7 },
      { ...good, unitid: 'x' },
      { ...good, unitid: 3, lat: -214.7 },
    ]);
    expect(read.map((v) => v.unitid)).toEqual([1, 2, 3]);
    expect(read[0]).toEqual({ ...good, unitid: 1 });
    expect(read[1]).toMatchObject({ lat: null, lon: -1.55, speed: 0, updated: null, registration: '' });
    // Of the right kind but absurd: kept as it is, for the drawing and printing rules to refuse.
    expect(read[2]?.lat).toBe(-214.7);
  });
});

describe('a hostile answer through everything the fleet page does with it', () => {
  it('draws, fits, sorts and formats without throwing, and draws only drawable positions', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    fc.assert(
      fc.property(answer, fc.constantFrom<SortKey>('registration', 'driver', 'status', 'updated'), fc.string({ maxLength: 4 }), (records, key, search) => {
        const vehicles = readVehicles(records);
        for (const f of buildVehicleFeatures(vehicles, now)) {
          const [lon, lat] = f.geometry.coordinates;
          expect(drawablePosition(lat, lon)).not.toBeNull();
          expect(Number.isFinite(f.properties.direction)).toBe(true);
        }
        const box = boundsOf(vehicles);
        if (box) {
          for (const [lon, lat] of box) expect(drawablePosition(lat, lon) ?? (lat === 0 && lon === 0)).toBeTruthy();
        }
        const sorted = filterAndSortVehicles(vehicles, { units: null, search }, { key, direction: 'desc' });
        expect(sorted.length).toBeLessThanOrEqual(vehicles.length);
        for (const v of vehicles) {
          vehicleIconState(v, now);
          if (v.updated !== null) {
            formatRelative(v.updated, new Date(now));
            formatFullDate(v.updated);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('readVehicleUpdates', () => {
  it('takes any socket message, and applying what it reads leaves vehicles that keep the contract', () => {
    const vehicles = readVehicles([1, 2, 3].map((unitid) => ({ ...good, unitid })));
    const update = fc.record({ unitid: fc.constantFrom<unknown>(1, 2, 3, 'x', null), lat: hostile, lon: hostile, speed: hostile, updated: hostile, loc: hostile });
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: fc.array(update, { maxLength: 6 }) }, { weight: 1, arbitrary: hostile }), (message) => {
        const batch = new Map(readVehicleUpdates(message).map((u) => [u.unitid, u]));
        for (const v of applyVehicleUpdates(vehicles, batch)) expect(vehicleSchema.safeParse(v).success).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('turns an unreadable coordinate into no position rather than keeping the old one', () => {
    const [v] = readVehicles([{ ...good, unitid: 1 }]);
    const [u] = readVehicleUpdates([{ unitid: 1, lat: 'NaN', lon: -1.5, updated: '2026-03-01T11:00:00Z' }]);
    if (!v || !u) throw new Error('not read');
    const [moved] = applyVehicleUpdates([v], new Map([[1, u]]));
    expect(moved).toMatchObject({ lat: null, lon: -1.5, updated: '2026-03-01T11:00:00Z' });
  });
});
