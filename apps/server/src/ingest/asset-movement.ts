import { ASSET_UNIT_TYPE, assetLocationCode, type LocationCode } from '@fleet/shared';
import { interpret, type IoMap } from './io-map.ts';
import type { KnownUnit } from './unit-directory.ts';

export const isAssetUnit = (unit: Pick<KnownUnit, 'unitTypeId'>) => unit.unitTypeId === ASSET_UNIT_TYPE;

/** An asset tracker's report, for its location code. */
export interface AssetReport {
  id: string;
  unitId: number;
  io: Record<string, number | string>;
  ioMap: IoMap;
}

/**
 * The location code of each asset tracker's report (by position id): its movement input against the
 * last one the unit reported before it (`previous`: that earlier report's IO by the later report's
 * position id; none: the unit never reported the input before).
 */
export function assetLocationCodes(reports: readonly AssetReport[], previous: ReadonlyMap<string, Record<string, number | string>>): Map<string, LocationCode> {
  const out = new Map<string, LocationCode>();
  for (const p of reports) {
    const before = previous.get(p.id);
    const was = before ? interpret(before, p.ioMap).movement : null;
    out.set(p.id, assetLocationCode(was, interpret(p.io, p.ioMap).movement));
  }
  return out;
}
