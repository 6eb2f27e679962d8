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

interface Pending {
  rows: PositionRow[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface WriterOptions {
  /** Rows per INSERT statement. */
  maxBatchRows?: number;
  /** Statements in flight at once, each on its own connection. */
  concurrency?: number;
}

// The whole batch travels as one JSON document: cheaper to build and to send than twelve typed arrays.
// The gate (log-horizon.ts) is taken before any row, so before any id, of this statement.
const INSERT = `WITH ${LOG_GATE_CTE}
  INSERT INTO positions
  (unit_id, device_time, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol)
  SELECT u, to_timestamp(t / 1000.0), la, lo, al, an, sa, sp, pr, ev, io, pc
  FROM gate, json_to_recordset($1::json)
    AS x(u int, t float8, la float8, lo float8, al int, an int, sa int, sp int, pr int, ev int, io jsonb, pc text)
  ON CONFLICT (unit_id, device_time, event_io) DO NOTHING`;

/**
 * Group commit: batches from many connections are written together in one statement, and each
 * caller's promise resolves only after that statement has committed. A re-sent batch meets the
 * unique key and is skipped, so it is acknowledged again without being stored twice.
 */
export function positionWriter(pool: pg.Pool, options: WriterOptions = {}) {
  const maxBatchRows = options.maxBatchRows ?? 4000;
  const concurrency = options.concurrency ?? 3;
  const queue: Pending[] = [];
  let inFlight = 0;
  let closed = false;

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
        pr: r.priority, ev: r.eventIo, io: r.io, pc: r.protocol,
      })));
      await pool.query(INSERT, [json]);
      for (const p of batch) p.resolve();
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
  }

  return {
    /** Resolves once every row is committed (or was already stored); rejects when the write failed. */
    write(rows: PositionRow[]): Promise<void> {
      if (closed) return Promise.reject(new Error('the position writer is closed'));
      if (rows.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        queue.push({ rows, resolve, reject });
        pump();
      });
    },
    get pending(): number {
      return queue.length + inFlight;
    },
    close(): void {
      closed = true;
    },
  };
}
export type PositionWriter = ReturnType<typeof positionWriter>;
