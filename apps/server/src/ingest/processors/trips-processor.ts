import { ASSET_UNIT_TYPE } from '@fleet/shared';
import type pg from 'pg';
import { DEFAULT_IO_MAP, type IoMap } from '../io-map.ts';
import type { SharedHorizon } from '../log-horizon.ts';
import type { KnownUnit, UnitDirectory } from '../unit-directory.ts';
import { processorRunner, type ProcessorDefinition } from './runner.ts';
import {
  comparePoints, type CutterState, type FoldResult, foldPositions, freshState, restartIndex, type Segment, type TripPoint,
} from './trips-rules.ts';
import {
  deleteOpenSegments, deleteSegmentsFrom, insertSegments, loadCutters, positionAt, positionBefore, positionsFrom,
  readTripWindow, saveCutters, segmentsBefore, type TripRow,
} from './trips-store.ts';

/** Held by a trips processor run for its transaction. */
export const TRIPS_LOCK_KEY = 7262005;

/** The driver key (iButton) input of Teltonika devices. */
const IBUTTON_IO = '78';

const numberOf = (v: number | string | undefined): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
};

/** An iButton id as drivers.tag holds it: 16 upper-case hex digits; 0 means no key. */
function keyTag(v: number | string | undefined): string | null {
  if (v === undefined || (typeof v === 'string' && !/^\d+$/.test(v))) return null;
  const n = BigInt(v);
  return n === 0n ? null : n.toString(16).toUpperCase().padStart(16, '0');
}

/** A log row as the cutter reads it, for its unit's type. */
export function tripPoint(row: TripRow, unit: Pick<KnownUnit, 'unitTypeId'> & { ioMap: IoMap }): TripPoint {
  const io = row.io;
  const ign = numberOf(io[unit.ioMap.ignition]);
  const minutes = numberOf(io[unit.ioMap.engineHours]);
  return {
    id: row.id, t: row.t, e: row.e, lat: row.lat, lon: row.lon, speed: row.speed,
    ign: ign === null ? null : ign !== 0,
    odo: numberOf(io[unit.ioMap.odometer]),
    eh: minutes === null ? null : Math.round((minutes / 60) * 1000) / 1000,
    tag: keyTag(io[IBUTTON_IO]),
    sparse: unit.unitTypeId === ASSET_UNIT_TYPE || row.protocol === 'osmand',
  };
}

/** How far behind the log's horizon the processor is. */
export interface ProcessorLag {
  /** Its cursor and the horizon it last read (log ids). */
  cursor: string;
  horizon: string;
  /** Log ids between them (ids of rolled-back inserts count too: an upper bound of rows). */
  rowsBehind: number;
  /** Age of the newest position it has done with, when it is behind; 0 when it has caught up. */
  secondsBehind: number;
  /** When it last ran (ISO), null before its first run. */
  lastRunAt: string | null;
}

interface Applied {
  lastId: string;
  lastReceived: number;
  units: number;
  segments: number;
  recut: number;
  cutters: Map<number, CutterState>;
}

/**
 * Cuts the positions log into trips and stops (the rules: trips-rules.ts), through the processor
 * runner: the cutter's memory per unit lives in unit_trip_state and moves with the cursor in one
 * transaction, so a crash replays the batch from the stored state and neither loses nor doubles a
 * segment. A batch holding a unit's position older than its newest folded one cuts the unit again
 * from a stored segment start (restartIndex).
 */
export function tripsProcessor(pool: pg.Pool, directory: UnitDirectory, opts: {
  batch?: number;
  /** The horizon read shared with the other processors (one gate take serves all of a cycle). */
  horizon?: SharedHorizon;
  /** Tests: called inside the transaction between writes (a throw rolls the run back). */
  beforeWrite?: () => void;
} = {}) {
  const lag: ProcessorLag = { cursor: '0', horizon: '0', rowsBehind: 0, secondsBehind: 0, lastRunAt: null };
  // The cutters as committed by this process's last run: reading them back is most of a run's
  // database time. Trusted only while the cursor is where that run left it (no other server process
  // ran in between); a run that rolls back never touches them.
  let cache = new Map<number, CutterState>();
  let cacheCursor: string | null = null;
  /** Since start: committed runs, units cut again for late positions, segments written. */
  const totals = { runs: 0, recut: 0, segments: 0 };
  // The IO elements the window reads: the default map's and any other a unit type's map has shown.
  const ioKeys = new Set([DEFAULT_IO_MAP.ignition, DEFAULT_IO_MAP.odometer, DEFAULT_IO_MAP.engineHours, Number(IBUTTON_IO)]);

  async function apply(client: pg.PoolClient, rows: TripRow[]): Promise<Applied> {
    const maxId = rows.reduce((m, r) => (BigInt(r.id) > BigInt(m) ? r.id : m), '0');
    const byUnit = new Map<number, TripRow[]>();
    for (const r of rows) {
      if (r.flagged) continue;
      const list = byUnit.get(r.unit_id);
      if (list) list.push(r);
      else byUnit.set(r.unit_id, [r]);
    }
    const unitIds = [...byUnit.keys()];
    const units = await directory.units(unitIds);
    const missing = [...units.values()].flatMap((u) => [u.ioMap.ignition, u.ioMap.odometer, u.ioMap.engineHours]).filter((k) => !ioKeys.has(k));
    if (missing.length > 0) {
      // A unit type numbers its inputs otherwise: the run is rolled back and read again with them.
      for (const k of missing) ioKeys.add(k);
      throw new Error(`trips processor: IO elements ${missing.join(', ')} added to its read; running again`);
    }
    const uncached = unitIds.filter((u) => !cache.has(u));
    const stored = uncached.length > 0 ? await loadCutters(client, uncached) : new Map<number, CutterState>();
    for (const u of unitIds) {
      const c = cache.get(u);
      if (c) stored.set(u, c);
    }
    const outcome = new Map<number, FoldResult>();
    const continued: number[] = [];
    let recut = 0;
    for (const [unitId, list] of byUnit) {
      const unit = units.get(unitId);
      if (!unit) continue;
      const points = list.map((r) => tripPoint(r, unit)).sort(comparePoints);
      const state = stored.get(unitId);
      const first = points[0] as TripPoint;
      if (state?.prev && comparePoints(first, state.prev) < 0) {
        outcome.set(unitId, await cutAgain(client, unit, first.t, maxId));
        recut += 1;
      } else {
        outcome.set(unitId, foldPositions(state ?? freshState(), points));
        continued.push(unitId);
      }
    }
    const segments: Array<{ unitId: number; segment: Segment }> = [];
    const cutters = new Map<number, CutterState>();
    for (const [unitId, r] of outcome) {
      for (const segment of r.closed) segments.push({ unitId, segment });
      if (r.open) segments.push({ unitId, segment: r.open });
      cutters.set(unitId, r.state);
    }
    await deleteOpenSegments(client, continued);
    await insertSegments(client, segments);
    opts.beforeWrite?.();
    await saveCutters(client, cutters);
    return { lastId: rows.at(-1)?.id ?? '0', lastReceived: rows.at(-1)?.r ?? 0, units: outcome.size, segments: segments.length, recut, cutters };
  }

  /** Cuts a unit again from the stored segment restartIndex picks for a position at `late` (ms). */
  async function cutAgain(client: pg.PoolClient, unit: KnownUnit, late: number, maxId: string): Promise<FoldResult> {
    const recent = (await segmentsBefore(client, unit.unitId, late)).reverse();
    const at = restartIndex(recent, late);
    const from = at >= 0 ? recent[at] : undefined;
    if (!from) {
      // From the unit's first position still in the log: older segments (their positions dropped by
      // the retention) are kept.
      const rows = await positionsFrom(client, unit.unitId, null, maxId);
      await deleteSegmentsFrom(client, unit.unitId, rows[0]?.t ?? null);
      return foldPositions(freshState(), rows.map((r) => tripPoint(r, unit)));
    }
    // The segment's first position; when it is gone (dropped with its partition), its start time.
    const start = (await positionAt(client, unit.unitId, from.startTime, from.startPositionId)) ?? { t: from.startTime, e: -1 };
    const context = await positionBefore(client, unit.unitId, start, maxId);
    await deleteSegmentsFrom(client, unit.unitId, start.t);
    const rows = await positionsFrom(client, unit.unitId, start, maxId);
    return foldPositions(freshState(context ? tripPoint(context, unit) : null), rows.map((r) => tripPoint(r, unit)));
  }

  const definition: ProcessorDefinition<TripRow, Applied> = {
    name: 'trips',
    lockKey: TRIPS_LOCK_KEY,
    batch: opts.batch ?? 20_000,
    async read(client, window) {
      if (window.from !== cacheCursor) cache = new Map();
      const read = await readTripWindow(client, window, [...ioKeys].sort((a, b) => a - b));
      lag.horizon = window.to;
      if (read.count === 0) {
        lag.cursor = window.from;
        lag.rowsBehind = 0;
        lag.secondsBehind = 0;
        lag.lastRunAt = new Date().toISOString();
      }
      return read;
    },
    apply,
    onCommitted: (done) => {
      if (cache.size > 100_000) cache = new Map();
      for (const [u, c] of done.cutters) cache.set(u, c);
      cacheCursor = done.lastId;
      totals.runs += 1;
      totals.recut += done.recut;
      totals.segments += done.segments;
      // The cursor is now the window's last row; the horizon is the one this run read.
      lag.cursor = done.lastId;
      lag.rowsBehind = Math.max(0, Number(BigInt(lag.horizon) - BigInt(done.lastId)));
      lag.secondsBehind = lag.rowsBehind > 0 ? Math.max(0, Math.round((Date.now() - done.lastReceived) / 100) / 10) : 0;
      lag.lastRunAt = new Date().toISOString();
    },
  };
  const runner = processorRunner(pool, definition, { horizon: opts.horizon });

  return {
    ...runner,
    /** How far behind the log the processor is (the ingest counters report it). */
    lag: (): ProcessorLag => ({ ...lag }),
    /** Counters since start (benchmarks). */
    totals: () => ({ ...totals }),
  };
}
export type TripsProcessor = ReturnType<typeof tripsProcessor>;
