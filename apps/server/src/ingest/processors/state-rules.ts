import { isAssetUnit, type AssetReport } from '../asset-movement.ts';
import type { StateChange } from '../ingest-events.ts';
import { interpret } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';

/** A position as the state processor reads it: each unit's latest plausible one of a window. */
export interface StateRow {
  id: string;
  unit_id: number;
  /** Device time, ms. */
  t: number;
  lat: number;
  lon: number;
  speed: number;
  angle: number;
  satellites: number;
  io: Record<string, number | string>;
}

/** One unit's new state: its position and the position's IO read for the unit's type. */
export interface StateUpdate {
  row: StateRow;
  meaning: ReturnType<typeof interpret>;
}

/**
 * What a window's rows do to unit_state (one row per unit, the unit's newest plausible position; the
 * read picks it, see state-store): rows of units the directory does not know change nothing; each
 * other row becomes its unit's state; asset trackers' rows also need a location code (a movement
 * start, a stop or a ping, from the report before), and their change is not announced live (only
 * the processor knows the code).
 */
export function stateOfBatch(rows: readonly StateRow[], units: ReadonlyMap<number, KnownUnit>): {
  updates: StateUpdate[]; assets: AssetReport[]; changes: StateChange[];
} {
  const updates: StateUpdate[] = [];
  const assets: AssetReport[] = [];
  const changes: StateChange[] = [];
  for (const row of rows) {
    const unit = units.get(row.unit_id);
    if (!unit) continue;
    updates.push({ row, meaning: interpret(row.io, unit.ioMap) });
    const asset = isAssetUnit(unit);
    if (asset) assets.push({ id: row.id, unitId: row.unit_id, io: row.io, ioMap: unit.ioMap });
    changes.push({ unitId: row.unit_id, siteId: unit.siteId, announced: !asset });
  }
  return { updates, assets, changes };
}
