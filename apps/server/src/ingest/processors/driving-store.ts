import type { SpanMemory } from '@fleet/shared';
import type pg from 'pg';
import type { DrivingRow, UnitDrivingEvent } from './driving-rules.ts';
import type { LogWindow, WindowRead } from './runner.ts';

// The driving processor's storage: its window of the log, its memory per unit (unit_driving_state)
// and driving_events.

const reads = new Map<string, string>();

/**
 * The next window of the log with only the IO elements `ioKeys` (numeric ids from the IO maps, or
 * attribute names of [a-z] only: they stand in the statement). A row's whole `io` costs about twice
 * as much to produce and parse (bench/RESULTS.md, issue 12's trips window).
 */
export async function readDrivingWindow(client: pg.PoolClient, w: LogWindow, ioKeys: readonly string[]): Promise<WindowRead<DrivingRow>> {
  const keys = ioKeys.filter((k) => /^(\d+|[a-zA-Z]+)$/.test(k));
  const key = keys.join(',');
  let sql = reads.get(key);
  if (!sql) {
    sql = `SELECT id::text AS id, unit_id, round(date_part('epoch', device_time) * 1000) AS t, lat, lon, speed,
        jsonb_strip_nulls(jsonb_build_object(${keys.map((k) => `'${k}', io -> '${k}'`).join(', ')})) AS io, implausible IS NOT NULL AS flagged
      FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY positions.id LIMIT $3`;
    reads.set(key, sql);
  }
  const { rows } = await client.query<DrivingRow>(sql, [w.from, w.to, w.limit]);
  return { rows, count: rows.length, lastId: rows.at(-1)?.id ?? w.from };
}

export type StoredMemory = SpanMemory & { tag: string | null };

export async function loadDrivingMemory(client: pg.PoolClient, unitIds: readonly number[]): Promise<Map<number, StoredMemory>> {
  if (unitIds.length === 0) return new Map();
  const { rows } = await client.query<{ unit_id: number; state: StoredMemory }>(
    'SELECT unit_id, state FROM unit_driving_state WHERE unit_id = ANY($1::int[])', [unitIds]);
  return new Map(rows.map((r) => [r.unit_id, r.state]));
}

export async function saveDrivingMemory(client: pg.PoolClient, memory: ReadonlyMap<number, StoredMemory>): Promise<void> {
  const list = [...memory];
  if (list.length === 0) return;
  await client.query(
    `INSERT INTO unit_driving_state (unit_id, last_time, state)
     SELECT u, to_timestamp(t / 1000.0), s FROM unnest($1::int[], $2::float8[], $3::jsonb[]) AS x(u, t, s)
     ON CONFLICT (unit_id) DO UPDATE SET last_time = EXCLUDED.last_time, state = EXCLUDED.state`,
    [list.map(([u]) => u), list.map(([, m]) => m.lastTime), list.map(([, m]) => JSON.stringify(m))]);
}

// The driver: the key tag matched to a driver of the unit's customer, else the unit's own driver —
// as the trips processor gives a trip its driver (trips-store.ts).
const INSERT = `INSERT INTO driving_events (site_id, unit_id, driver_id, kind, at, end_at, value, lat, lon, position_id)
  SELECT un.site_id, x.u,
    coalesce(CASE WHEN x.tag IS NULL THEN NULL ELSE (
      SELECT d.id FROM drivers d JOIN sites ds ON ds.id = d.site_id
      WHERE upper(d.tag) = x.tag AND ds.customer_id = s.customer_id ORDER BY d.id LIMIT 1) END, un.driver_id),
    x.k, to_timestamp(x.at / 1000.0), to_timestamp(x.e / 1000.0), x.v, x.la, x.lo, x.p
  FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::bigint[], $9::text[])
    AS x(u, k, at, e, v, la, lo, p, tag)
  JOIN units un ON un.id = x.u JOIN sites s ON s.id = un.site_id
  ON CONFLICT ON CONSTRAINT driving_events_once DO NOTHING`;

/** Writes events; one already stored (same unit, kind and time) is left as it is. Returns how many were new. */
export async function insertDrivingEvents(client: pg.PoolClient, list: readonly UnitDrivingEvent[]): Promise<number> {
  if (list.length === 0) return 0;
  const r = await client.query(INSERT, [
    list.map((e) => e.unitId), list.map((e) => e.kind), list.map((e) => e.at), list.map((e) => e.endAt), list.map((e) => e.value),
    list.map((e) => e.lat), list.map((e) => e.lon), list.map((e) => e.positionId), list.map((e) => e.tag),
  ]);
  return r.rowCount ?? 0;
}
