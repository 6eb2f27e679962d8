import { ASSET_UNIT_TYPE } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { assetLocationCodes } from '../asset-movement.ts';
import { DEFAULT_IO_MAP } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';
import { stateOfBatch, type StateRow } from './state-rules.ts';

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

describe('assetLocationCodes', () => {
  const report = (id: string, moving: number) => ({ id, unitId: 2, io: { 250: moving }, ioMap: asset.ioMap });
  it('reads a start, a stop and a ping against the report before', () => {
    const codes = assetLocationCodes(
      [report('1', 1), report('2', 0), report('3', 1), report('4', 1)],
      new Map([['1', { 250: 0 }], ['2', { 250: 1 }], ['4', { 250: 1 }]]));
    expect([...codes]).toEqual([['1', 'assetMovement'], ['2', 'movementEnded'], ['3', 'assetPing'], ['4', 'assetPing']]);
  });
});
