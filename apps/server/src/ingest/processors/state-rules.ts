import { ATTR } from '@fleet/protocols';
import { isAssetUnit, type AssetReport } from '../asset-movement.ts';
import type { StateChange } from '../ingest-events.ts';
import { interpret, type IoMap } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';

/**
 * A position as the state processor reads it: each unit's latest plausible one of a window, or
 * (`noFix`) its latest report flagged only 'no-fix' (a heartbeat, an LBS or cell-only report).
 */
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
  /** The row was flagged only 'no-fix': its status counts, its position (0,0) does not. */
  noFix?: boolean;
}

/** One unit's new state: its position and the position's IO read for the unit's type. */
export interface StateUpdate {
  row: StateRow;
  meaning: ReturnType<typeof interpret>;
}

/**
 * What a report without a fix says about the unit's status, for the columns of unit_state it may
 * change: null where the report does not say (the state keeps its value). PTO inputs and fault codes
 * read "off" / "none" when absent, so here they count only when the report carries their element.
 * `io` is the report's IO to merge into the state's, without NO_FIX_ONLY_KEYS: they describe the
 * report's missing fix, and the state keeps describing its position (which has one).
 */
export interface StatusUpdate {
  row: StateRow;
  status: {
    ignition: boolean | null; movement: boolean | null; externalVoltage: number | null; odometer: number | null;
    gsmSignal: number | null; pto1: boolean | null; pto2: boolean | null; fuelLevel: number | null; fuelUsed: number | null;
    engineHours: number | null; rpm: number | null; totalDistance: number | null; faultCodes: string[] | null;
  };
  io: Record<string, number | string>;
}

/**
 * IO keys a report without a fix does not hand on to the unit's state (see StatusUpdate): `fix: 0`,
 * the serving cell it was placed by, and a GT06 heartbeat's "GPS positioned" bit, which would read
 * "No" beside the state's position (GT06 locations do not carry it, so it would stay until the next
 * heartbeat).
 */
export const NO_FIX_ONLY_KEYS: readonly string[] = [ATTR.fix, ATTR.cell, 'gt06GpsFixed'];

/** Whether row a comes after row b in the log's order of device time, then id. */
export function isNewer(a: Pick<StateRow, 't' | 'id'>, b: Pick<StateRow, 't' | 'id'>): boolean {
  return a.t !== b.t ? a.t > b.t : BigInt(a.id) > BigInt(b.id);
}

/** The status a report without a fix carries, read for the unit's type. */
export function statusOf(row: StateRow, ioMap: IoMap): StatusUpdate {
  const m = interpret(row.io, ioMap);
  const has = (id: number) => row.io[String(id)] !== undefined;
  const io: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(row.io)) if (!NO_FIX_ONLY_KEYS.includes(k)) io[k] = v;
  return {
    row,
    status: {
      ignition: m.ignition, movement: m.movement, externalVoltage: m.externalVoltage, odometer: m.odometer, gsmSignal: m.gsmSignal,
      pto1: has(ioMap.pto1) ? m.pto1 : null, pto2: has(ioMap.pto2) ? m.pto2 : null, fuelLevel: m.fuelLevel, fuelUsed: m.fuelUsed,
      engineHours: m.engineHours, rpm: m.rpm, totalDistance: m.totalDistance, faultCodes: has(ioMap.faultCodes) ? m.faultCodes : null,
    },
    io,
  };
}

/**
 * What a window's rows do to unit_state (per unit at most its newest plausible position and its
 * newest report flagged only no-fix; the read picks them, see state-store): rows of units the
 * directory does not know change nothing; each plausible row becomes its unit's state; asset
 * trackers' rows also need a location code (a movement start, a stop or a ping, from the report
 * before), and their change is not announced live (only the processor knows the code). A report
 * without a fix newer than the unit's plausible row of the window becomes a status update (merged
 * over the state, position untouched; the store checks it against the stored state too); one
 * older than it is dropped: the newer position's values win.
 */
export function stateOfBatch(rows: readonly StateRow[], units: ReadonlyMap<number, KnownUnit>): {
  updates: StateUpdate[]; statuses: StatusUpdate[]; assets: AssetReport[]; changes: StateChange[];
} {
  const updates: StateUpdate[] = [];
  const assets: AssetReport[] = [];
  const changes: StateChange[] = [];
  const placed = new Map<number, StateRow>();
  for (const row of rows) {
    const unit = units.get(row.unit_id);
    if (!unit || row.noFix) continue;
    placed.set(row.unit_id, row);
    updates.push({ row, meaning: interpret(row.io, unit.ioMap) });
    const asset = isAssetUnit(unit);
    if (asset) assets.push({ id: row.id, unitId: row.unit_id, io: row.io, ioMap: unit.ioMap });
    changes.push({ unitId: row.unit_id, siteId: unit.siteId, announced: !asset });
  }
  const statuses: StatusUpdate[] = [];
  for (const row of rows) {
    const unit = units.get(row.unit_id);
    if (!unit || !row.noFix) continue;
    const position = placed.get(row.unit_id);
    if (!position || isNewer(row, position)) statuses.push(statusOf(row, unit.ioMap));
  }
  return { updates, statuses, assets, changes };
}
