import { freshMemory } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IO_MAP } from '../io-map.ts';
import { drivingOfBatch, type DrivingRow } from './driving-rules.ts';

const T0 = Date.UTC(2026, 10, 24, 7, 0, 0);
let n = 0;
const row = (unit: number, s: number, io: Record<string, number | string>, extra: Partial<DrivingRow> = {}): DrivingRow => ({
  id: String(++n), unit_id: unit, t: T0 + s * 1000, lat: 53.8, lon: -1.55, speed: 50, io: { 239: 1, ...io }, flagged: false, ...extra,
});
const maps = new Map([[1, DEFAULT_IO_MAP], [2, DEFAULT_IO_MAP]]);

describe('a batch of the log into driving events', () => {
  it('gives each event the driver key seen last at or before it, and keeps the key for the next batch', () => {
    const KEY_A = '0000000000C0FFEE';
    const { events, memory } = drivingOfBatch([
      row(1, 0, { 78: 0xc0ffee }), row(1, 5, { 253: 2, 254: 80 }), row(1, 10, { 78: 0 }), row(1, 15, { 253: 3, 254: 40 }),
      row(2, 1, { 255: 96 }),
    ], maps, new Map());
    expect(events.map((e) => [e.unitId, e.kind, e.tag])).toEqual([[1, 'braking', KEY_A], [1, 'cornering', null], [2, 'overspeed', null]]);
    expect(memory.get(1)?.tag).toBeNull();
    const next = drivingOfBatch([row(1, 20, { 253: 1, 254: 30 })], maps, new Map([[1, { ...freshMemory(), lastTime: T0 + 15_000, tag: KEY_A }]]));
    expect(next.events.map((e) => e.tag)).toEqual([KEY_A]);
  });

  it('folds a unit in device-time order whatever the log order, and leaves out flagged rows and unknown units', () => {
    const { events } = drivingOfBatch([
      row(1, 20, { 253: 1, 254: 30 }), row(1, 10, { 253: 2, 254: 60 }), row(1, 30, { 253: 2, 254: 99 }, { flagged: true }), row(9, 5, { 253: 1, 254: 30 }),
    ], maps, new Map());
    expect(events.map((e) => [e.kind, e.at - T0])).toEqual([['braking', 10_000], ['acceleration', 20_000]]);
  });

  it('reads ignition and RPM by the unit\'s IO map (an OsmAnd phone names them)', () => {
    const phone = new Map([[1, DEFAULT_IO_MAP]]);
    const { memory } = drivingOfBatch([row(1, 0, {}, { io: { ignition: 1, rpm: 4000 }, speed: 0 })], phone, new Map());
    expect(memory.get(1)?.idling).not.toBeNull();
    expect(memory.get(1)?.revving?.top).toBe(4000);
    const off = drivingOfBatch([row(1, 0, {}, { io: { ignition: 0 }, speed: 0 })], phone, new Map());
    expect(off.memory.get(1)?.idling).toBeNull();
  });
});
