import { implausibleReasons } from '@fleet/protocols';
import type pg from 'pg';
import { LOG_GATE_CTE } from './log-horizon.ts';

/** One position as it is written to the log. */
export interface PositionRow {
  unitId: number;
  deviceTimeMs: number;
  lat: number;
  lon: number;
  altitude: number;
  angle: number;
  satellites: number;
  speed: number;
  priority: number;
  eventIo: number;
  io: Record<string, number | string>;
  protocol: string;
}

/** A row as written: null when plausible, else the reasons it is not (packages/protocols plausibility.ts). */
export type CheckedRow = PositionRow & { implausible: string | null };

/**
 * A row the database cannot hold (a number beyond its column, a NUL in text). Refused before it is
 * queued: a retry would fail the same way, and a failed statement would refuse its whole batch.
 */
export class UnstorableRowError extends Error {}

const INT32 = 2 ** 31 - 1;
/** A NUL or a lone UTF-16 surrogate: text PostgreSQL refuses. */
const BAD_TEXT = /\0|\p{Cs}/u;
/** What the position columns can hold (a device time up to 2^53 ms, year 287,396, fits PostgreSQL's timestamptz). */
export function unstorableReason(r: PositionRow): string | null {
  for (const key of ['altitude', 'angle', 'satellites', 'speed', 'priority', 'eventIo', 'unitId'] as const) {
    const v = r[key];
    if (!Number.isSafeInteger(v) || Math.abs(v) > INT32) return `${key} ${String(v)} is not a whole number the log can hold`;
  }
  if (!Number.isFinite(r.lat) || !Number.isFinite(r.lon)) return 'the coordinates are not numbers';
  if (!Number.isSafeInteger(r.deviceTimeMs)) return 'the device time is not a whole number of milliseconds';
  if (BAD_TEXT.test(r.protocol)) return 'the protocol name is not text the log can hold';
  for (const [k, v] of Object.entries(r.io)) {
    if (BAD_TEXT.test(k) || (typeof v === 'string' && BAD_TEXT.test(v))) return `IO element ${JSON.stringify(k)} is not text the log can hold`;
    if (typeof v === 'number' && !Number.isFinite(v)) return `IO element ${JSON.stringify(k)} is not a number`;
  }
  return null;
}

/** Flags each row the plausibility rule refuses, against the server's clock now. */
export function checkRows(rows: PositionRow[], nowMs = Date.now()): CheckedRow[] {
  return rows.map((r) => {
    const reasons = implausibleReasons({ deviceTimeMs: r.deviceTimeMs, lat: r.lat, lon: r.lon, speedKmh: r.speed, altitude: r.altitude }, nowMs);
    return { ...r, implausible: reasons.length ? reasons.join(',') : null };
  });
}

interface Pending {
  rows: CheckedRow[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface WriterOptions {
  /** Rows per INSERT statement. */
  maxBatchRows?: number;
  /** Statements in flight at once, each on its own connection. */
  concurrency?: number;
  /**
   * Told of every committed statement (the metrics, ops/metrics.ts): rows sent, rows stored (a
   * re-sent row is skipped), seconds from send to commit. Called once per batch, never per row.
   */
  onCommit?: (rows: number, stored: number, seconds: number) => void;
}

// The whole batch travels as one JSON document: cheaper to build and to send than twelve typed arrays.
// The gate (log-horizon.ts) is taken before any row, so before any id, of this statement.
const INSERT = `WITH ${LOG_GATE_CTE}
  INSERT INTO positions
  (unit_id, device_time, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol, implausible)
  SELECT u, to_timestamp(t / 1000.0), la, lo, al, an, sa, sp, pr, ev, io, pc, fl
  FROM gate, json_to_recordset($1::json)
    AS x(u int, t float8, la float8, lo float8, al int, an int, sa int, sp int, pr int, ev int, io jsonb, pc text, fl text)
  ON CONFLICT (unit_id, device_time, event_io) DO NOTHING`;

/**
 * Group commit: batches from many connections are written together in one statement, and each
 * caller's promise resolves only after that statement has committed. A re-sent batch meets the
 * unique key and is skipped, so it is acknowledged again without being stored twice.
 *
 * Every row of every protocol passes here, so this is where the plausibility rule is applied: an
 * implausible row is stored flagged (and acknowledged: the device must not send it for ever), and
 * the processors and the live path leave it out.
 */
export function positionWriter(pool: pg.Pool, options: WriterOptions = {}) {
  const maxBatchRows = options.maxBatchRows ?? 4000;
  const concurrency = options.concurrency ?? 3;
  const queue: Pending[] = [];
  let inFlight = 0;
  let closed = false;
  /** Callers of drained(), told when nothing is queued or in flight. */
  let idle: Array<() => void> = [];

  function take(): Pending[] {
    const batch: Pending[] = [];
    let rows = 0;
    while (queue.length && (rows === 0 || rows + (queue[0] as Pending).rows.length <= maxBatchRows)) {
      const p = queue.shift() as Pending;
      batch.push(p);
      rows += p.rows.length;
    }
    return batch;
  }

  async function flush(batch: Pending[]): Promise<void> {
    const rows = batch.flatMap((p) => p.rows);
    try {
      const json = JSON.stringify(rows.map((r) => ({
        u: r.unitId, t: r.deviceTimeMs, la: r.lat, lo: r.lon, al: r.altitude, an: r.angle, sa: r.satellites, sp: r.speed,
        pr: r.priority, ev: r.eventIo, io: r.io, pc: r.protocol, fl: r.implausible,
      })));
      const started = performance.now();
      const result = await pool.query(INSERT, [json]);
      const seconds = (performance.now() - started) / 1000;
      for (const p of batch) p.resolve();
      // After the callers are told: a throwing observer cannot turn a commit into a refusal.
      options.onCommit?.(rows.length, result.rowCount ?? 0, seconds);
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  function pump(): void {
    while (inFlight < concurrency && queue.length) {
      const batch = take();
      inFlight += 1;
      void flush(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
    if (inFlight === 0 && queue.length === 0 && idle.length > 0) {
      const waiting = idle;
      idle = [];
      for (const w of waiting) w();
    }
  }

  return {
    /**
     * Resolves with the rows as written (flagged or not) once every row is committed (or was
     * already stored); rejects when the write failed, with UnstorableRowError, before anything is
     * queued, when a row cannot be stored at all.
     */
    write(rows: PositionRow[]): Promise<CheckedRow[]> {
      if (closed) return Promise.reject(new Error('the position writer is closed'));
      for (const r of rows) {
        const why = unstorableReason(r);
        if (why) return Promise.reject(new UnstorableRowError(why));
      }
      const checked = checkRows(rows);
      if (rows.length === 0) return Promise.resolve(checked);
      return new Promise<CheckedRow[]>((resolve, reject) => {
        queue.push({ rows: checked, resolve: () => resolve(checked), reject });
        pump();
      });
    },
    get pending(): number {
      return queue.length + inFlight;
    },
    close(): void {
      closed = true;
    },
    /** Resolves once every queued batch has been written (committed or failed): the shutdown's drain. */
    drained(): Promise<void> {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
export type PositionWriter = ReturnType<typeof positionWriter>;
