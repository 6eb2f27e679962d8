import type pg from 'pg';
import type { LogWindow, WindowRead } from './runner.ts';
import type { CutterState, Segment } from './trips-rules.ts';

// The trips processor's storage: its window of the log, a unit's positions again when it is cut
// again, `trips` and `unit_trip_state`. Positions are read in the cutter's order (device time, then
// event IO id) along the log's (unit_id, device_time, event_io) index.

/** A row of the log as the trips processor reads it. */
export interface TripRow {
  id: string;
  unit_id: number;
  /** Device time, ms. */
  t: number;
  e: number;
  lat: number;
  lon: number;
  speed: number;
  io: Record<string, number | string>;
  protocol: string;
  /** Flagged implausible: read only so the cursor passes it. */
  flagged: boolean;
  /** When the server received it, ms (for the lag). */
  r: number;
}

const COLUMNS = `id::text, unit_id, (extract(epoch FROM device_time) * 1000)::float8 AS t, event_io AS e, lat, lon, speed, io, protocol`;

const reads = new Map<string, string>();

/**
 * The next window of the log (flagged rows too, so the cursor passes them), with only the IO elements
 * `ioKeys` (integers, from the IO maps' schema, so they can stand in the statement). What a row
 * costs was measured (bench/RESULTS.md, issue 12): the values as one text array and the time as a
 * float are about twice as fast to produce and parse as the whole `io` or a jsonb of the few elements,
 * and numeric `extract` per row is slower than `date_part`.
 */
export async function readTripWindow(client: pg.PoolClient, w: LogWindow, ioKeys: readonly number[]): Promise<WindowRead<TripRow>> {
  const keys = ioKeys.map((k) => Math.trunc(k));
  const key = keys.join(',');
  let sql = reads.get(key);
  if (!sql) {
    // Ordered by the table's id: an output column `id` of text would sort '10' before '9'.
    sql = `SELECT id::text AS id, unit_id, round(date_part('epoch', device_time) * 1000) AS t, event_io AS e, lat, lon, speed,
        ARRAY[${keys.map((k) => `io ->> '${k}'`).join(', ')}]::text[] AS v, protocol = 'osmand' AS osm, implausible IS NOT NULL AS flagged
      FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY positions.id LIMIT $3`;
    reads.set(key, sql);
  }
  const { rows } = await client.query<Omit<TripRow, 'io' | 'protocol' | 'r'> & { v: Array<string | null>; osm: boolean }>(sql, [w.from, w.to, w.limit]);
  const out: TripRow[] = rows.map((r) => {
    const io: Record<string, string> = {};
    r.v.forEach((x, i) => { if (x !== null) io[keys[i] as number] = x; });
    return { id: r.id, unit_id: r.unit_id, t: r.t, e: r.e, lat: r.lat, lon: r.lon, speed: r.speed, io, protocol: r.osm ? 'osmand' : '', flagged: r.flagged, r: 0 };
  });
  const last = out.at(-1);
  if (last) {
    // When the window's last row came in, for the lag.
    const q = await client.query<{ r: number }>(`SELECT date_part('epoch', received_at) * 1000 AS r FROM positions WHERE id = $1::bigint`, [last.id]);
    last.r = q.rows[0]?.r ?? 0;
  }
  return { rows: out, count: out.length, lastId: last?.id ?? w.from };
}

/** The stored cutter of each unit, with its newest position's time. */
export async function loadCutters(client: pg.PoolClient, unitIds: readonly number[]): Promise<Map<number, CutterState>> {
  const { rows } = await client.query<{ unit_id: number; state: CutterState }>(
    'SELECT unit_id, state FROM unit_trip_state WHERE unit_id = ANY($1::int[])', [unitIds]);
  return new Map(rows.map((r) => [r.unit_id, r.state]));
}

export async function saveCutters(client: pg.PoolClient, cutters: ReadonlyMap<number, CutterState>): Promise<void> {
  const list = [...cutters].filter(([, s]) => s.prev !== null);
  if (list.length === 0) return;
  await client.query(
    `INSERT INTO unit_trip_state (unit_id, last_time, state)
     SELECT u, to_timestamp(t / 1000.0), s FROM unnest($1::int[], $2::float8[], $3::jsonb[]) AS x(u, t, s)
     ON CONFLICT (unit_id) DO UPDATE SET last_time = EXCLUDED.last_time, state = EXCLUDED.state`,
    [list.map(([u]) => u), list.map(([, s]) => s.prev?.t), list.map(([, s]) => JSON.stringify(s))]);
}

/** The unit's last two segments starting before `t` (ms), newest first. */
export async function segmentsBefore(client: pg.PoolClient, unitId: number, t: number): Promise<Array<{ startTime: number; startPositionId: string }>> {
  const { rows } = await client.query<{ s: number; p: string }>(
    `SELECT (extract(epoch FROM start_time) * 1000)::float8 AS s, start_position_id::text AS p FROM trips
     WHERE unit_id = $1 AND start_time < to_timestamp($2::float8 / 1000.0) ORDER BY start_time DESC LIMIT 2`, [unitId, t]);
  return rows.map((r) => ({ startTime: r.s, startPositionId: r.p }));
}

/** A segment's first position, found by its id and device time (the time prunes the log's partitions). */
export async function positionAt(client: pg.PoolClient, unitId: number, t: number, id: string): Promise<TripRow | undefined> {
  const { rows } = await client.query<TripRow>(
    `SELECT ${COLUMNS}, false AS flagged, 0::float8 AS r FROM positions
     WHERE unit_id = $1 AND device_time = to_timestamp($2::float8 / 1000.0) AND id = $3::bigint`, [unitId, t, id]);
  return rows[0];
}

/** The unit's plausible position just before (t, e) in the cutter's order, among ids up to `maxId`. */
export async function positionBefore(client: pg.PoolClient, unitId: number, from: Pick<TripRow, 't' | 'e'>, maxId: string): Promise<TripRow | undefined> {
  const { rows } = await client.query<TripRow>(
    `SELECT ${COLUMNS}, false AS flagged, 0::float8 AS r FROM positions
     WHERE (unit_id, device_time, event_io) < ($1, to_timestamp($2::float8 / 1000.0), $3) AND unit_id = $1
       AND implausible IS NULL AND id <= $4::bigint
     ORDER BY device_time DESC, event_io DESC LIMIT 1`, [unitId, from.t, from.e, maxId]);
  return rows[0];
}

/** The unit's plausible positions from (t, e) on (all when `from` is null), among ids up to `maxId`, in the cutter's order. */
export async function positionsFrom(client: pg.PoolClient, unitId: number, from: Pick<TripRow, 't' | 'e'> | null, maxId: string): Promise<TripRow[]> {
  const { rows } = await client.query<TripRow>(
    `SELECT ${COLUMNS}, false AS flagged, 0::float8 AS r FROM positions
     WHERE unit_id = $1 AND ($2::float8 IS NULL OR (unit_id, device_time, event_io) >= ($1, to_timestamp($2::float8 / 1000.0), $3))
       AND implausible IS NULL AND id <= $4::bigint
     ORDER BY device_time, event_io`, [unitId, from?.t ?? null, from?.e ?? 0, maxId]);
  return rows;
}

/** Deletes the unit's segments starting at or after `t` (ms; null: all of them). */
export async function deleteSegmentsFrom(client: pg.PoolClient, unitId: number, t: number | null): Promise<void> {
  await client.query(
    'DELETE FROM trips WHERE unit_id = $1 AND ($2::float8 IS NULL OR start_time >= to_timestamp($2::float8 / 1000.0))', [unitId, t]);
}

/** Deletes the units' open segments (each is written again, closed or still open). */
export async function deleteOpenSegments(client: pg.PoolClient, unitIds: readonly number[]): Promise<void> {
  if (unitIds.length === 0) return;
  await client.query('DELETE FROM trips WHERE unit_id = ANY($1::int[]) AND open', [unitIds]);
}

// The driver: the key tag matched to a driver of the unit's customer, else the unit's own driver.
const INSERT = `INSERT INTO trips AS x0 (unit_id, kind, open, start_time, end_time, start_lat, start_lon, end_lat, end_lon,
    start_position_id, end_position_id, distance_m, driving_s, idle_s, max_speed, avg_speed, driver_id,
    start_odometer, end_odometer, start_engine_hours, end_engine_hours, points)
  SELECT x.u, x.k, x.o, to_timestamp(x.st / 1000.0), to_timestamp(x.et / 1000.0), x.sla, x.slo, x.ela, x.elo, x.sp, x.ep,
    x.d, x.dr, x.id, x.mx, x.av,
    coalesce(CASE WHEN x.tag IS NULL THEN NULL ELSE (
      SELECT d.id FROM drivers d JOIN sites ds ON ds.id = d.site_id
      WHERE upper(d.tag) = x.tag AND ds.customer_id = (SELECT s.customer_id FROM units un JOIN sites s ON s.id = un.site_id WHERE un.id = x.u)
      ORDER BY d.id LIMIT 1) END, (SELECT un.driver_id FROM units un WHERE un.id = x.u)),
    x.so, x.eo, x.seh, x.eeh, x.n
  FROM unnest($1::int[], $2::text[], $3::bool[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[],
    $10::bigint[], $11::bigint[], $12::float8[], $13::int[], $14::int[], $15::int[], $16::float8[], $17::text[],
    $18::float8[], $19::float8[], $20::float8[], $21::float8[], $22::int[])
    AS x(u, k, o, st, et, sla, slo, ela, elo, sp, ep, d, dr, id, mx, av, tag, so, eo, seh, eeh, n)
  ON CONFLICT (unit_id, start_time) DO UPDATE SET kind = EXCLUDED.kind, open = EXCLUDED.open, end_time = EXCLUDED.end_time,
    start_lat = EXCLUDED.start_lat, start_lon = EXCLUDED.start_lon, end_lat = EXCLUDED.end_lat, end_lon = EXCLUDED.end_lon,
    start_position_id = EXCLUDED.start_position_id, end_position_id = EXCLUDED.end_position_id, distance_m = EXCLUDED.distance_m,
    driving_s = EXCLUDED.driving_s, idle_s = EXCLUDED.idle_s, max_speed = EXCLUDED.max_speed, avg_speed = EXCLUDED.avg_speed,
    driver_id = EXCLUDED.driver_id, start_odometer = EXCLUDED.start_odometer, end_odometer = EXCLUDED.end_odometer,
    start_engine_hours = EXCLUDED.start_engine_hours, end_engine_hours = EXCLUDED.end_engine_hours, points = EXCLUDED.points`;

/** Writes segments (a segment already stored with the same start is replaced). */
export async function insertSegments(client: pg.PoolClient, list: ReadonlyArray<{ unitId: number; segment: Segment }>): Promise<void> {
  if (list.length === 0) return;
  const s = list.map((x) => x.segment);
  await client.query(INSERT, [
    list.map((x) => x.unitId), s.map((x) => x.kind), s.map((x) => x.open), s.map((x) => x.startTime), s.map((x) => x.endTime),
    s.map((x) => x.startLat), s.map((x) => x.startLon), s.map((x) => x.endLat), s.map((x) => x.endLon),
    s.map((x) => x.startPositionId), s.map((x) => x.endPositionId), s.map((x) => x.distanceM), s.map((x) => x.drivingS),
    s.map((x) => x.idleS), s.map((x) => x.maxSpeed), s.map((x) => x.avgSpeed), s.map((x) => x.driverTag),
    s.map((x) => x.startOdometer), s.map((x) => x.endOdometer), s.map((x) => x.startEngineHours), s.map((x) => x.endEngineHours),
    s.map((x) => x.points),
  ]);
}
