// The throughput benchmarks' shared ends: waiting for the state processor to catch up after the load,
// and the baseline they compare against (the same number of rows by bare multi-row INSERT).
import type { Database } from '@fleet/db';

/** Waits until the state processor's cursor has reached the newest position; the seconds it took. */
export async function stateCatchUpSeconds(db: Database): Promise<number> {
  const started = Date.now();
  for (;;) {
    const r = await db.pool.query(`SELECT (SELECT max(id) FROM positions) AS last, (SELECT position_id FROM processor_cursors WHERE name = 'state') AS done`);
    if (r.rows[0].last === r.rows[0].done) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  return (Date.now() - started) / 1000;
}

/** The columns a benchmark's rows have besides unit and time (the same as its devices send). */
export interface BareRow {
  altitude: number;
  satellites: number;
  eventIo: number;
  io: Record<string, number>;
}

/** Rows per second for `total` rows like `row` by bare multi-row INSERT (same statement shape, 3 connections). */
export async function bareInsertRate(db: Database, total: number, row: BareRow): Promise<number> {
  const units = (await db.pool.query('SELECT id FROM units ORDER BY id')).rows.map((r) => r.id as number);
  const batch = 4000;
  const ioJson = JSON.stringify(row.io);
  const started = Date.now();
  let next = 0;
  await Promise.all([0, 1, 2].map(async () => {
    while (next < total) {
      const from = next;
      next += batch;
      const n = Math.min(batch, total - from);
      const idx = Array.from({ length: n }, (_, i) => from + i);
      await db.pool.query(
        `INSERT INTO positions (unit_id, device_time, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol)
         SELECT u, to_timestamp(t / 1000.0), 53.79, -1.55, $4, 90, $5, 50, 0, $6, io, 'bare'
         FROM unnest($1::int[], $2::float8[], $3::jsonb[]) AS x(u, t, io)`,
        [idx.map((i) => units[i % units.length]), idx.map((i) => 1_800_000_000_000 + i * 1000), idx.map(() => ioJson), row.altitude, row.satellites, row.eventIo]);
    }
  }));
  return total / ((Date.now() - started) / 1000);
}
