import { REPORT_ONLY_KEYS } from '@fleet/protocols';
import type { LocationCode } from '@fleet/shared';
import type pg from 'pg';
import type { AssetReport } from '../asset-movement.ts';
import type { LogWindow, WindowRead } from './runner.ts';
import type { StateRow, StateUpdate, StatusUpdate } from './state-rules.ts';

// unit_state's storage, for the state processor and an administrator's reset.

// The next window of the log up to the horizon; of it, only each unit's latest plausible row travels
// back, and its latest row flagged only 'no-fix' (a heartbeat, an LBS or cell-only report: its
// status counts, not its position), with the window's size and last id for the cursor (one row with
// no position when no row of the window was picked: the cursor still moves past them). Which rows win
// per unit is decided here rather than over the rows in memory: a window holds up to 20,000 rows for
// a few hundred units, and only the winners' IO needs to leave the database. Both picks sort the
// window's own rows (w), so neither needs an index beyond the id range's.
const READ = `WITH w AS (
    SELECT id, unit_id, device_time, implausible FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY id LIMIT $3),
  pick AS (
    (SELECT DISTINCT ON (unit_id) id, false AS no_fix FROM w WHERE implausible IS NULL ORDER BY unit_id, device_time DESC, id DESC)
    UNION ALL
    (SELECT DISTINCT ON (unit_id) id, true FROM w WHERE implausible = 'no-fix' ORDER BY unit_id, device_time DESC, id DESC)),
  agg AS (SELECT max(id)::text AS last_id, count(*)::int AS n FROM w)
  SELECT p.id::text, p.unit_id, (extract(epoch FROM p.device_time) * 1000)::float8 AS t, p.lat, p.lon, p.speed, p.angle, p.satellites, p.io,
    pick.no_fix AS "noFix", agg.last_id, agg.n
  FROM agg LEFT JOIN (positions p JOIN pick USING (id)) ON true`;

// The status a row brings: the columns a report states (coalesced: what it does not say keeps its
// value), PTO inputs, fault codes, and io (the last value of each key, except the keys of one report
// only, $25 REPORT_ONLY_KEYS: a faked location, an alarm, which the newer report drops unless it
// says them again). Taken only from a row at least as new as the state's status (status_time): a
// buffered position newer than the state's position but older than a report without a fix merged
// since moves the vehicle, and leaves that report's ignition, GSM, battery, ... as they are.
const FRESH = 's.status_time <= EXCLUDED.device_time';
const COALESCED = ['ignition', 'movement', 'external_voltage', 'odometer', 'gsm_signal', 'fuel_level', 'fuel_used', 'engine_hours',
  'rpm', 'total_distance'];
const STATUS_SET = [
  ...COALESCED.map((c) => `${c} = CASE WHEN ${FRESH} THEN coalesce(EXCLUDED.${c}, s.${c}) ELSE s.${c} END`),
  ...['pto1', 'pto2', 'fault_codes'].map((c) => `${c} = CASE WHEN ${FRESH} THEN EXCLUDED.${c} ELSE s.${c} END`),
  `io = CASE WHEN ${FRESH} THEN (s.io - $25::text[]) || EXCLUDED.io ELSE s.io END`,
  'status_time = greatest(s.status_time, EXCLUDED.device_time)',
].join(',\n    ');

// The position columns (and panic, loc_code: they follow positions) from a row newer than the
// state's position; the status as above. Returns the units whose status was kept (newer than the
// position just written): what went out live with that position is not what the state says.
const UPSERT = `INSERT INTO unit_state AS s (unit_id, position_id, device_time, status_time, lat, lon, speed, angle, satellites, ignition,
    movement, external_voltage, odometer, gsm_signal, pto1, pto2, panic, fuel_level, fuel_used, engine_hours, rpm, total_distance,
    fault_codes, io, loc_code, updated_at)
  SELECT u, p, to_timestamp(t / 1000.0), to_timestamp(t / 1000.0), la, lo, sp, an, sa, ig, mv, ev, od, gs, p1, p2, pa, fl, fu, eh, rp, td,
    ARRAY(SELECT jsonb_array_elements_text(fc)), io, lc, now()
  FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[], $5::float8[], $6::int[], $7::int[], $8::int[], $9::bool[],
    $10::bool[], $11::float8[], $12::float8[], $13::int[], $14::bool[], $15::bool[], $16::bool[], $17::float8[], $18::float8[],
    $19::float8[], $20::int[], $21::float8[], $22::jsonb[], $23::jsonb[], $24::text[])
    AS x(u, p, t, la, lo, sp, an, sa, ig, mv, ev, od, gs, p1, p2, pa, fl, fu, eh, rp, td, fc, io, lc)
  ON CONFLICT (unit_id) DO UPDATE SET
    position_id = EXCLUDED.position_id, device_time = EXCLUDED.device_time, lat = EXCLUDED.lat, lon = EXCLUDED.lon,
    speed = EXCLUDED.speed, angle = EXCLUDED.angle, satellites = EXCLUDED.satellites, panic = EXCLUDED.panic,
    loc_code = EXCLUDED.loc_code, updated_at = now(),
    ${STATUS_SET}
  WHERE s.device_time <= EXCLUDED.device_time
  RETURNING s.unit_id, s.status_time > s.device_time AS kept`;

// A report without a fix merged over units' state: the status columns it reports (coalesced as in
// UPSERT; PTO and fault codes only when it carries them) and its IO (less the keys of the report
// before, $16), never the position columns. Only over a state whose position is older than the
// report (device time, then id: the log's order), so an older heartbeat never overrides a newer
// position's values, and whose status is no newer than it (status_time; at the same device time the
// report processed later is the later in the log), so a buffered report older than one merged before
// never overrides the newer one's values. The self-join (o) sees the row before the update: shown
// tells whether what the live map shows changed.
const MERGE_STATUS = `UPDATE unit_state s SET
    ignition = coalesce(x.ig, s.ignition), movement = coalesce(x.mv, s.movement),
    external_voltage = coalesce(x.ev, s.external_voltage), odometer = coalesce(x.od, s.odometer),
    gsm_signal = coalesce(x.gs, s.gsm_signal), pto1 = coalesce(x.p1, s.pto1), pto2 = coalesce(x.p2, s.pto2),
    fuel_level = coalesce(x.fl, s.fuel_level), fuel_used = coalesce(x.fu, s.fuel_used),
    engine_hours = coalesce(x.eh, s.engine_hours), rpm = coalesce(x.rp, s.rpm), total_distance = coalesce(x.td, s.total_distance),
    fault_codes = CASE WHEN x.fc IS NULL THEN s.fault_codes ELSE ARRAY(SELECT jsonb_array_elements_text(x.fc)) END,
    io = (s.io - $16::text[]) || x.io, status_time = to_timestamp(x.t / 1000.0), updated_at = now()
  FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::bool[], $5::bool[], $6::float8[], $7::float8[], $8::int[], $9::bool[],
    $10::bool[], $11::float8[], $12::float8[], $13::float8[], $14::int[], $15::float8[], $17::jsonb[], $18::jsonb[])
    AS x(u, p, t, ig, mv, ev, od, gs, p1, p2, fl, fu, eh, rp, td, fc, io),
    unit_state o
  WHERE s.unit_id = x.u AND o.unit_id = x.u AND (s.device_time, s.position_id) < (to_timestamp(x.t / 1000.0), x.p)
    AND s.status_time <= to_timestamp(x.t / 1000.0)
  RETURNING s.unit_id, (o.ignition IS DISTINCT FROM s.ignition OR o.pto1 <> s.pto1 OR o.pto2 <> s.pto2) AS shown`;

// For each given position: the unit's movement input in its last earlier position (by device time)
// that reported it (flagged implausible positions do not count). Walks the (unit_id, device_time) index backwards, one short scan per asset.
const PREVIOUS_MOVEMENT = `SELECT x.p::text AS position_id, prev.io
  FROM unnest($1::int[], $2::bigint[], $3::text[]) AS x(u, p, k)
  JOIN positions cur ON cur.id = x.p
  CROSS JOIN LATERAL (
    SELECT jsonb_build_object(x.k, q.io -> x.k) AS io FROM positions q
    WHERE q.unit_id = x.u AND q.io ? x.k AND q.implausible IS NULL
      AND (q.device_time < cur.device_time OR (q.device_time = cur.device_time AND q.id < cur.id))
    ORDER BY q.device_time DESC, q.id DESC LIMIT 1) prev`;

type ReadRow = (StateRow & { last_id: string; n: number }) | (Omit<StateRow, 'id'> & { id: null; last_id: string; n: number });
const COLUMNS = `p.id::text, p.unit_id, (extract(epoch FROM p.device_time) * 1000)::float8 AS t, p.lat, p.lon, p.speed, p.angle, p.satellites, p.io`;

export async function readStateWindow(client: pg.PoolClient, w: LogWindow): Promise<WindowRead<StateRow>> {
  const { rows } = await client.query<ReadRow>(READ, [w.from, w.to, w.limit]);
  const first = rows[0];
  return {
    rows: rows.filter((r): r is StateRow & { last_id: string; n: number } => r.id !== null),
    count: first?.n ?? 0,
    lastId: first?.last_id ?? w.from,
  };
}

/** Each asset report's earlier report of the movement input (its IO, by the later report's id). */
export async function previousMovements(client: pg.PoolClient, reports: readonly AssetReport[]): Promise<Map<string, Record<string, number | string>>> {
  if (reports.length === 0) return new Map();
  const { rows } = await client.query<{ position_id: string; io: Record<string, number | string> }>(PREVIOUS_MOVEMENT, [
    reports.map((p) => p.unitId), reports.map((p) => p.id), reports.map((p) => String(p.ioMap.movement)),
  ]);
  return new Map(rows.map((r) => [r.position_id, r.io]));
}

/**
 * Writes units' new state; a row older (by device time) than the unit's stored position changes
 * nothing, one older than its status (a report without a fix merged since) moves it, status kept.
 * Returns the units whose status was kept.
 */
export async function upsertState(client: pg.PoolClient, updates: readonly StateUpdate[], codes: ReadonlyMap<string, LocationCode>): Promise<number[]> {
  if (updates.length === 0) return [];
  const list = updates.map((u) => u.row);
  const m = updates.map((u) => u.meaning);
  const { rows } = await client.query<{ unit_id: number; kept: boolean }>(UPSERT, [
    list.map((r) => r.unit_id), list.map((r) => r.id), list.map((r) => r.t), list.map((r) => r.lat), list.map((r) => r.lon),
    list.map((r) => r.speed), list.map((r) => r.angle), list.map((r) => r.satellites), m.map((x) => x.ignition),
    m.map((x) => x.movement), m.map((x) => x.externalVoltage), m.map((x) => x.odometer), m.map((x) => x.gsmSignal),
    m.map((x) => x.pto1), m.map((x) => x.pto2), m.map((x) => x.panic), m.map((x) => x.fuelLevel), m.map((x) => x.fuelUsed),
    m.map((x) => x.engineHours), m.map((x) => x.rpm), m.map((x) => x.totalDistance),
    m.map((x) => JSON.stringify(x.faultCodes)), list.map((r) => JSON.stringify(r.io)), list.map((r) => codes.get(r.id) ?? null),
    REPORT_ONLY_KEYS,
  ]);
  return rows.filter((r) => r.kept).map((r) => r.unit_id);
}

/**
 * Merges reports without a fix over their units' state (position untouched); a report older than the
 * unit's stored position or status, or a unit without a state, changes nothing. Returns the units whose state
 * changed, each with whether the live map's part of it (ignition, PTO) did.
 */
export async function mergeStatus(client: pg.PoolClient, statuses: readonly StatusUpdate[]): Promise<Array<{ unitId: number; shown: boolean }>> {
  if (statuses.length === 0) return [];
  const list = statuses.map((u) => u.row);
  const m = statuses.map((u) => u.status);
  const { rows } = await client.query<{ unit_id: number; shown: boolean }>(MERGE_STATUS, [
    list.map((r) => r.unit_id), list.map((r) => r.id), list.map((r) => r.t), m.map((x) => x.ignition), m.map((x) => x.movement),
    m.map((x) => x.externalVoltage), m.map((x) => x.odometer), m.map((x) => x.gsmSignal), m.map((x) => x.pto1), m.map((x) => x.pto2),
    m.map((x) => x.fuelLevel), m.map((x) => x.fuelUsed), m.map((x) => x.engineHours), m.map((x) => x.rpm), m.map((x) => x.totalDistance),
    REPORT_ONLY_KEYS, m.map((x) => (x.faultCodes === null ? null : JSON.stringify(x.faultCodes))), statuses.map((u) => JSON.stringify(u.io)),
  ]);
  return rows.map((r) => ({ unitId: r.unit_id, shown: r.shown }));
}

export async function deleteState(client: pg.PoolClient, unitId: number): Promise<void> {
  await client.query('DELETE FROM unit_state WHERE unit_id = $1', [unitId]);
}

/** The unit's newest plausible position (by device time), if any. */
export async function newestPlausible(client: pg.PoolClient, unitId: number): Promise<StateRow | undefined> {
  const { rows } = await client.query<StateRow>(
    `SELECT ${COLUMNS} FROM positions p WHERE p.unit_id = $1 AND p.implausible IS NULL ORDER BY p.device_time DESC, p.id DESC LIMIT 1`, [unitId]);
  return rows[0];
}

/**
 * The unit's newest report flagged only 'no-fix' after the given position (device time, then id),
 * if any: walks the (unit_id, device_time) index back from the newest row and stops at the first
 * such report or at the position's time.
 */
export async function newestNoFixAfter(client: pg.PoolClient, unitId: number, after: StateRow): Promise<StateRow | undefined> {
  const { rows } = await client.query<StateRow>(
    `SELECT ${COLUMNS}, true AS "noFix" FROM positions p
     WHERE p.unit_id = $1 AND p.implausible = 'no-fix' AND p.device_time >= to_timestamp($2 / 1000.0)
       AND (p.device_time, p.id) > (to_timestamp($2 / 1000.0), $3::bigint)
     ORDER BY p.device_time DESC, p.id DESC LIMIT 1`, [unitId, after.t, after.id]);
  return rows[0];
}
