import { checkout } from '@fleet/db';
import type pg from 'pg';
import { assetLocationCodes, isAssetUnit } from './asset-movement.ts';
import { interpret } from './io-map.ts';
import { sharedHorizon, type SharedHorizon } from './log-horizon.ts';
import type { StateChange } from './ingest-events.ts';
import type { UnitDirectory } from './unit-directory.ts';

interface LogRow {
  id: string;
  last_id: string;
  n: number;
  unit_id: number;
  t: number;
  lat: number;
  lon: number;
  speed: number;
  angle: number;
  satellites: number;
  io: Record<string, number | string>;
}

export type { StateChange } from './ingest-events.ts';

const CURSOR = 'state';
/** Held by a state processor run for its transaction (and waited for by a reset). */
export const STATE_LOCK_KEY = 7262002;
const LOCK_KEY = STATE_LOCK_KEY;

// The next window of the log up to the horizon; of it, only each unit's latest plausible row travels
// back, with the window's size and last id for the cursor (one row with no position when every row
// of the window was flagged implausible: the cursor still moves past them).
const READ = `WITH w AS (
    SELECT id, unit_id, device_time, implausible FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY id LIMIT $3),
  pick AS (SELECT DISTINCT ON (unit_id) id FROM w WHERE implausible IS NULL ORDER BY unit_id, device_time DESC, id DESC),
  agg AS (SELECT max(id)::text AS last_id, count(*)::int AS n FROM w)
  SELECT p.id::text, p.unit_id, (extract(epoch FROM p.device_time) * 1000)::float8 AS t, p.lat, p.lon, p.speed, p.angle, p.satellites, p.io,
    agg.last_id, agg.n
  FROM agg LEFT JOIN (positions p JOIN pick USING (id)) ON true`;

const UPSERT = `INSERT INTO unit_state AS s (unit_id, position_id, device_time, lat, lon, speed, angle, satellites, ignition, movement,
    external_voltage, odometer, gsm_signal, pto1, pto2, panic, fuel_level, fuel_used, engine_hours, rpm, total_distance,
    fault_codes, io, loc_code, updated_at)
  SELECT u, p, to_timestamp(t / 1000.0), la, lo, sp, an, sa, ig, mv, ev, od, gs, p1, p2, pa, fl, fu, eh, rp, td,
    ARRAY(SELECT jsonb_array_elements_text(fc)), io, lc, now()
  FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[], $5::float8[], $6::int[], $7::int[], $8::int[], $9::bool[],
    $10::bool[], $11::float8[], $12::float8[], $13::int[], $14::bool[], $15::bool[], $16::bool[], $17::float8[], $18::float8[],
    $19::float8[], $20::int[], $21::float8[], $22::jsonb[], $23::jsonb[], $24::text[])
    AS x(u, p, t, la, lo, sp, an, sa, ig, mv, ev, od, gs, p1, p2, pa, fl, fu, eh, rp, td, fc, io, lc)
  ON CONFLICT (unit_id) DO UPDATE SET
    position_id = EXCLUDED.position_id, device_time = EXCLUDED.device_time, lat = EXCLUDED.lat, lon = EXCLUDED.lon,
    speed = EXCLUDED.speed, angle = EXCLUDED.angle, satellites = EXCLUDED.satellites,
    ignition = coalesce(EXCLUDED.ignition, s.ignition), movement = coalesce(EXCLUDED.movement, s.movement),
    external_voltage = coalesce(EXCLUDED.external_voltage, s.external_voltage), odometer = coalesce(EXCLUDED.odometer, s.odometer),
    gsm_signal = coalesce(EXCLUDED.gsm_signal, s.gsm_signal), pto1 = EXCLUDED.pto1, pto2 = EXCLUDED.pto2,
    panic = EXCLUDED.panic, fuel_level = coalesce(EXCLUDED.fuel_level, s.fuel_level),
    fuel_used = coalesce(EXCLUDED.fuel_used, s.fuel_used), engine_hours = coalesce(EXCLUDED.engine_hours, s.engine_hours),
    rpm = coalesce(EXCLUDED.rpm, s.rpm), total_distance = coalesce(EXCLUDED.total_distance, s.total_distance),
    fault_codes = EXCLUDED.fault_codes, io = s.io || EXCLUDED.io, loc_code = EXCLUDED.loc_code, updated_at = now()
  WHERE s.device_time <= EXCLUDED.device_time`;

type Meaning = ReturnType<typeof interpret>;

async function upsert(client: pg.PoolClient, list: LogRow[], m: Meaning[], codes: Map<string, string>): Promise<void> {
  if (list.length === 0) return;
  await client.query(UPSERT, [
    list.map((r) => r.unit_id), list.map((r) => r.id), list.map((r) => r.t), list.map((r) => r.lat), list.map((r) => r.lon),
    list.map((r) => r.speed), list.map((r) => r.angle), list.map((r) => r.satellites), m.map((x) => x.ignition),
    m.map((x) => x.movement), m.map((x) => x.externalVoltage), m.map((x) => x.odometer), m.map((x) => x.gsmSignal),
    m.map((x) => x.pto1), m.map((x) => x.pto2), m.map((x) => x.panic), m.map((x) => x.fuelLevel), m.map((x) => x.fuelUsed),
    m.map((x) => x.engineHours), m.map((x) => x.rpm), m.map((x) => x.totalDistance),
    m.map((x) => JSON.stringify(x.faultCodes)), list.map((r) => JSON.stringify(r.io)), list.map((r) => codes.get(r.id) ?? null),
  ]);
}

/**
 * An administrator's reset of one unit (issue 8): its state is built afresh from its newest
 * plausible position (none: the unit has no state), and the events processor's memory of the
 * unit's latest time is brought back to that position's, so a device time from the future stored
 * before the plausibility rule stops holding back its geofence checks. Waits for a running state or
 * events processor (their advisory locks), so it never interleaves with one.
 */
export async function resetUnitState(pool: pg.Pool, directory: UnitDirectory, unitId: number, eventsLockKey: number): Promise<boolean> {
  const client = await checkout(pool);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1), pg_advisory_xact_lock($2)', [LOCK_KEY, eventsLockKey]);
    await client.query('DELETE FROM unit_state WHERE unit_id = $1', [unitId]);
    const { rows } = await client.query<LogRow>(
      `SELECT p.id::text, p.unit_id, (extract(epoch FROM p.device_time) * 1000)::float8 AS t, p.lat, p.lon, p.speed, p.angle, p.satellites, p.io
       FROM positions p WHERE p.unit_id = $1 AND p.implausible IS NULL ORDER BY p.device_time DESC, p.id DESC LIMIT 1`, [unitId]);
    const row = rows[0];
    const unit = row ? (await directory.units([unitId])).get(unitId) : undefined;
    if (row && unit) {
      const codes = isAssetUnit(unit) ? await assetLocationCodes(client, [{ id: row.id, unitId, io: row.io, ioMap: unit.ioMap }]) : new Map<string, string>();
      await upsert(client, [row], [interpret(row.io, unit.ioMap)], codes);
    }
    await client.query(
      `UPDATE unit_event_state SET last_time = to_timestamp($2::float8 / 1000.0)
       WHERE unit_id = $1 AND last_time IS NOT NULL AND ($2::float8 IS NULL OR last_time > to_timestamp($2::float8 / 1000.0))`,
      [unitId, row ? row.t : null]);
    await client.query('COMMIT');
    return Boolean(row && unit);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.done();
  }
}

/**
 * Keeps unit_state from the positions log. It reads rows by id only up to the log horizon (below
 * which every id is settled), so no row committed late is ever skipped; the cursor moves in the same
 * transaction as the state, so a restart resumes exactly. Rows flagged implausible are passed over:
 * a unit's state is its newest plausible position.
 */
export function stateProcessor(pool: pg.Pool, directory: UnitDirectory, opts: {
  batch?: number; onChanges?: (changes: StateChange[]) => void;
  /** The horizon read shared with the other processors (one gate take serves all of a cycle). */
  horizon?: SharedHorizon;
} = {}) {
  const batch = opts.batch ?? 20_000;
  const horizons = (opts.horizon ?? sharedHorizon()).reader();

  async function runOnce(): Promise<number> {
    const ticket = horizons.ticket();
    const client = await checkout(pool);
    let changes: StateChange[] = [];
    let count = 0;
    try {
      const horizon = await horizons.read(client, ticket);
      await client.query('BEGIN');
      const lock = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [LOCK_KEY]);
      if (!lock.rows[0]?.ok) {
        await client.query('ROLLBACK');
        return 0;
      }
      const cur = await client.query<{ position_id: string }>(
        'SELECT position_id::text FROM processor_cursors WHERE name = $1', [CURSOR]);
      const from = cur.rows[0]?.position_id ?? '0';
      const { rows: read } = await client.query<LogRow | (Omit<LogRow, 'id'> & { id: null })>(READ, [from, horizon, batch]);
      count = read[0]?.n ?? 0;
      if (count === 0) {
        await client.query('COMMIT');
        return 0;
      }
      const rows = read.filter((r): r is LogRow => r.id !== null);
      const latest = new Map<number, LogRow>(rows.map((r) => [r.unit_id, r]));
      const units = await directory.units([...latest.keys()]);
      const list = [...latest.values()].filter((r) => units.has(r.unit_id));
      const m = list.map((r) => interpret(r.io, (units.get(r.unit_id) as { ioMap: Parameters<typeof interpret>[1] }).ioMap));
      // Asset trackers' reports carry a location code: a movement start, a stop, or a ping.
      const codes = await assetLocationCodes(client, list.flatMap((r) => {
        const unit = units.get(r.unit_id);
        return unit && isAssetUnit(unit) ? [{ id: r.id, unitId: r.unit_id, io: r.io, ioMap: unit.ioMap }] : [];
      }));
      await upsert(client, list, m, codes);
      const last = read[0] as LogRow;
      await client.query(
        `INSERT INTO processor_cursors (name, position_id) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET position_id = EXCLUDED.position_id, updated_at = now()`,
        [CURSOR, last.last_id]);
      await client.query('COMMIT');
      changes = list.map((r) => {
        const unit = units.get(r.unit_id) as { siteId: number; unitTypeId: number };
        return { unitId: r.unit_id, siteId: unit.siteId, announced: !isAssetUnit(unit) };
      });
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.done();
    }
    if (changes.length) opts.onChanges?.(changes);
    return count;
  }

  return { runOnce, batch };
}
export type StateProcessor = ReturnType<typeof stateProcessor>;
