import type { VehicleUpdate } from '@fleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyVehicleUpdates, createUpdateBatcher, mergeUpdates } from './vehicle-batch.ts';
import type { Vehicle } from './vehicle-rows.ts';

const update = (unitid: number, updated: string, extra: Partial<VehicleUpdate> = {}): VehicleUpdate => ({
  unitid,
  lat: 53.8,
  lon: -1.55,
  speed: 20,
  ign: 1,
  direction: 90,
  updated,
  vehiclealarm: false,
  ptotrigger1: 0,
  ptotrigger2: 0,
  ...extra,
});

const vehicle = (unitid: number, updated: string | null): Vehicle => ({
  unitid,
  unittype: 1,
  registration: `REG${unitid}`,
  drivername: '',
  speed: 0,
  ign: 0,
  updated,
  loc: 'Leeds',
  lat: 53.7,
  lon: -1.5,
  direction: 0,
  vicon: 'service-van-blue',
  vehiclealarm: false,
  ptotrigger1: 0,
  ptotrigger2: 0,
});

describe('mergeUpdates', () => {
  it('keeps the newest update per unit, whatever order they arrive in', () => {
    const batch = mergeUpdates(new Map(), [
      update(1, '2026-03-01T10:00:05Z', { speed: 30 }),
      update(2, '2026-03-01T10:00:01Z'),
      update(1, '2026-03-01T10:00:00Z', { speed: 10 }),
    ]);
    mergeUpdates(batch, [update(1, '2026-03-01T10:00:10Z', { speed: 40 })]);
    expect(batch.size).toBe(2);
    expect(batch.get(1)?.speed).toBe(40);
  });
});

describe('applyVehicleUpdates', () => {
  const list = [vehicle(1, '2026-03-01T10:00:00Z'), vehicle(2, '2026-03-01T10:00:00Z'), vehicle(3, null)];

  it('moves updated vehicles and keeps the others as they were (same objects)', () => {
    const next = applyVehicleUpdates(
      list,
      new Map([[1, update(1, '2026-03-01T10:00:05Z', { lat: 54, lon: -1.2, vehiclealarm: true, ptotrigger2: 1 })]]),
    );
    expect(next).not.toBe(list);
    expect(next[0]).toMatchObject({ lat: 54, lon: -1.2, speed: 20, ign: 1, direction: 90, vehiclealarm: true, ptotrigger2: 1 });
    expect(next[0]?.registration).toBe('REG1');
    expect(next[1]).toBe(list[1]);
    expect(next[2]).toBe(list[2]);
  });

  it("takes an asset tracker's loc (its location code) from the update; keeps the loc of updates without one", () => {
    const next = applyVehicleUpdates(
      list,
      new Map([
        [1, update(1, '2026-03-01T10:00:05Z', { loc: '~AM~At Depot' })],
        [2, update(2, '2026-03-01T10:00:05Z')],
      ]),
    );
    expect(next[0]?.loc).toBe('~AM~At Depot');
    expect(next[1]?.loc).toBe('Leeds');
  });

  it('gives a first position to a vehicle that never reported', () => {
    const next = applyVehicleUpdates(list, new Map([[3, update(3, '2026-03-01T10:00:05Z')]]));
    expect(next[2]?.updated).toBe('2026-03-01T10:00:05Z');
  });

  it('ignores updates older than the list (a refetch already has newer state)', () => {
    const next = applyVehicleUpdates(list, new Map([[1, update(1, '2026-03-01T09:59:59Z')]]));
    expect(next).toBe(list);
  });

  it('ignores units it does not know and returns the same array', () => {
    expect(applyVehicleUpdates(list, new Map([[99, update(99, '2026-03-01T10:00:05Z')]]))).toBe(list);
  });
});

describe('createUpdateBatcher', () => {
  afterEach(() => vi.useRealTimers());

  it('hands over everything received within one interval as one batch', () => {
    vi.useFakeTimers();
    const flushed: number[][] = [];
    const batcher = createUpdateBatcher((b) => flushed.push([...b.keys()]), 250);
    batcher.push([update(1, '2026-03-01T10:00:00Z')]);
    vi.advanceTimersByTime(100);
    batcher.push([update(2, '2026-03-01T10:00:00Z'), update(1, '2026-03-01T10:00:01Z')]);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(150);
    expect(flushed).toEqual([[1, 2]]);
    batcher.push([update(3, '2026-03-01T10:00:00Z')]);
    vi.advanceTimersByTime(250);
    expect(flushed).toEqual([[1, 2], [3]]);
  });

  it('sends nothing for an empty push and nothing after dispose', () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const batcher = createUpdateBatcher(flush, 250);
    batcher.push([]);
    vi.advanceTimersByTime(1000);
    batcher.push([update(1, '2026-03-01T10:00:00Z')]);
    batcher.dispose();
    vi.advanceTimersByTime(1000);
    expect(flush).not.toHaveBeenCalled();
  });
});

describe('applyVehicleUpdates: the driver (issue 11)', () => {
  it('takes the driver name when an update carries it, and keeps it when an update does not', () => {
    const list = [{ ...vehicle(1, '2026-05-01T10:00:00.000Z'), drivername: 'Old Driver' }];
    const signedOn = applyVehicleUpdates(list, new Map([[1, update(1, '2026-05-01T10:00:00.000Z', { drivername: 'Ann Driver' })]]));
    expect(signedOn[0]!.drivername).toBe('Ann Driver');
    const moved = applyVehicleUpdates(signedOn, new Map([[1, update(1, '2026-05-01T10:01:00.000Z')]]));
    expect(moved[0]!.drivername).toBe('Ann Driver');
    const off = applyVehicleUpdates(moved, new Map([[1, update(1, '2026-05-01T10:01:00.000Z', { drivername: '' })]]));
    expect(off[0]!.drivername).toBe('');
  });
});
