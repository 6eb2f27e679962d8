import { ASSET_UNIT_TYPE } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { assetLocationCodes } from '../asset-movement.ts';
import { DEFAULT_IO_MAP } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';
import { isNewer, stateOfBatch, statusOf, type StateRow } from './state-rules.ts';

const truck: KnownUnit = { unitId: 1, siteId: 3, unitTypeId: 1, ioMap: DEFAULT_IO_MAP };
const asset: KnownUnit = { unitId: 2, siteId: 4, unitTypeId: ASSET_UNIT_TYPE, ioMap: { ...DEFAULT_IO_MAP, movement: 250 } };
const units = new Map([[1, truck], [2, asset]]);
const row = (id: string, unitId: number, io: StateRow['io']): StateRow =>
  ({ id, unit_id: unitId, t: 1_700_000_000_000, lat: 53.8, lon: -1.55, speed: 40, angle: 90, satellites: 9, io });

describe('stateOfBatch: what a window does to unit_state', () => {
  it("makes each known unit's row its state, its IO read for the unit's type; unknown units change nothing", () => {
    const out = stateOfBatch([row('10', 1, { 239: 1, 66: 27_500 }), row('11', 9, {}), row('12', 2, { 250: 1 })], units);
    expect(out.updates.map((u) => [u.row.id, u.meaning.ignition, u.meaning.externalVoltage, u.meaning.movement])).toEqual([
      ['10', true, 27.5, null], ['12', null, null, true],
    ]);
    expect(out.changes).toEqual([{ unitId: 1, siteId: 3, announced: true }, { unitId: 2, siteId: 4, announced: false }]);
  });

  it('asks for a location code for asset trackers only', () => {
    const out = stateOfBatch([row('10', 1, { 240: 1 }), row('12', 2, { 250: 1 })], units);
    expect(out.assets).toEqual([{ id: '12', unitId: 2, io: { 250: 1 }, ioMap: asset.ioMap }]);
  });
});

describe('stateOfBatch: reports without a fix', () => {
  const beat = (id: string, unitId: number, t: number, io: StateRow['io']): StateRow =>
    ({ id, unit_id: unitId, t, lat: 0, lon: 0, speed: 0, angle: 0, satellites: 0, io, noFix: true });
  const at = (id: string, t: number, io: StateRow['io']): StateRow => ({ ...row(id, 1, io), t });
  const T = 1_700_000_000_000;

  it('merges the status of one newer than the window\'s position; the position stays the state', () => {
    const out = stateOfBatch([at('10', T, { ignition: 1 }), beat('11', 1, T + 60_000, { fix: 0, ignition: 0, charge: 1, rssi: 4, cell: '234:15:1:2', gt06GpsFixed: 0 })], units);
    expect(out.updates.map((u) => u.row.id)).toEqual(['10']);
    expect(out.statuses).toMatchObject([{
      row: { id: '11' },
      status: { ignition: false, gsmSignal: 4, movement: null, externalVoltage: null, odometer: null },
      // fix, cell and the GPS bit describe the report's missing fix, not the state's position (which has one).
      io: { ignition: 0, charge: 1, rssi: 4 },
    }]);
    expect(Object.keys(out.statuses[0]?.io ?? {})).toEqual(['ignition', 'charge', 'rssi']);
    // The status change alone is announced by the processor, after the store says what changed.
    expect(out.changes).toEqual([{ unitId: 1, siteId: 3, announced: true }]);
  });

  it('drops one older than the window\'s position (by device time, then id): the newer position wins', () => {
    expect(stateOfBatch([at('10', T, { ignition: 1 }), beat('11', 1, T - 1000, { ignition: 0 })], units).statuses).toEqual([]);
    expect(stateOfBatch([at('12', T, {}), beat('11', 1, T, { ignition: 0 })], units).statuses).toEqual([]);
    expect(stateOfBatch([at('10', T, {}), beat('11', 1, T, { ignition: 0 })], units).statuses.map((s) => s.row.id)).toEqual(['11']);
  });

  it('keeps one for a unit without a position in the window (the store checks it against the stored state); unknown units nothing', () => {
    const out = stateOfBatch([beat('11', 1, T, { rssi: 2 }), beat('12', 9, T, { rssi: 2 })], units);
    expect(out.updates).toEqual([]);
    expect(out.changes).toEqual([]);
    expect(out.statuses.map((s) => [s.row.id, s.status.gsmSignal])).toEqual([['11', 2]]);
  });

  it('reads PTO inputs and fault codes only when the report carries them (absent is "unknown", not "off")', () => {
    expect(statusOf(beat('1', 1, T, { 239: 0 }), DEFAULT_IO_MAP).status).toMatchObject({ ignition: false, pto1: null, pto2: null, faultCodes: null });
    // The panic column is left alone: it follows positions, and alerts belong to the events processor.
    expect(Object.keys(statusOf(beat('1', 1, T, { alarm: 'sos' }), DEFAULT_IO_MAP).status)).not.toContain('panic');
    expect(statusOf(beat('1', 1, T, { 3: 1, 4: 0, 281: '0x50303130' }), DEFAULT_IO_MAP).status).toMatchObject({ pto1: true, pto2: false, faultCodes: ['P010'] });
  });

  it('orders rows by device time, then id (ids compared as numbers)', () => {
    expect(isNewer({ t: T + 1, id: '1' }, { t: T, id: '9' })).toBe(true);
    expect(isNewer({ t: T, id: '10' }, { t: T, id: '9' })).toBe(true);
    expect(isNewer({ t: T, id: '9' }, { t: T, id: '10' })).toBe(false);
  });
});

describe('assetLocationCodes', () => {
  const report = (id: string, moving: number) => ({ id, unitId: 2, io: { 250: moving }, ioMap: asset.ioMap });
  it('reads a start, a stop and a ping against the report before', () => {
    const codes = assetLocationCodes(
      [report('1', 1), report('2', 0), report('3', 1), report('4', 1)],
      new Map([['1', { 250: 0 }], ['2', { 250: 1 }], ['4', { 250: 1 }]]));
    expect([...codes]).toEqual([['1', 'assetMovement'], ['2', 'movementEnded'], ['3', 'assetPing'], ['4', 'assetPing']]);
  });
});
