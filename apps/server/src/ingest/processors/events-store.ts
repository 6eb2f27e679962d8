import type pg from 'pg';
import type { EventRow, UnitMemory } from './events-rules.ts';
import type { LogWindow, WindowRead } from './runner.ts';

// The events processor's own storage: its window of the log and its memory per unit
// (unit_event_state). What it matches against and the alerts it stores belong to other modules and
// are reached through their doors: geofences (poi), working hours (site), alerts (alerts).

// Flagged (implausible) rows are read so the cursor passes them; only those without a fix raise (panics, device alarms).
const READ = `SELECT id::text, unit_id, (extract(epoch FROM device_time) * 1000)::float8 AS t, lat, lon, io, implausible
  FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY positions.id LIMIT $3`;

export async function readEventWindow(client: pg.PoolClient, w: LogWindow): Promise<WindowRead<EventRow>> {
  const { rows } = await client.query<EventRow>(READ, [w.from, w.to, w.limit]);
  return { rows, count: rows.length, lastId: rows.at(-1)?.id ?? w.from };
}

export async function loadMemory(client: pg.PoolClient, unitIds: readonly number[]): Promise<Map<number, UnitMemory>> {
  const r = await client.query<{
    unit_id: number; panic: boolean; inside: number[]; fault_codes: string[]; run_over: boolean; run_over_part: string | null; movement: boolean | null; t: number | null;
    last_lat: number | null; last_lon: number | null; alarms: Record<string, number>;
  }>(
    `SELECT unit_id, panic, inside, fault_codes, run_over, run_over_part, movement, (extract(epoch FROM last_time) * 1000)::float8 AS t, last_lat, last_lon, alarms
     FROM unit_event_state WHERE unit_id = ANY($1::int[])`, [unitIds]);
  return new Map(r.rows.map((s) => [s.unit_id, {
    panic: s.panic, inside: s.inside, faultCodes: s.fault_codes, runOver: s.run_over, runOverPart: s.run_over_part, movement: s.movement, lastTime: s.t,
    lastLat: s.last_lat, lastLon: s.last_lon, alarms: s.alarms,
  }]));
}

export async function saveMemory(client: pg.PoolClient, memory: ReadonlyMap<number, UnitMemory>): Promise<void> {
  const mem = [...memory.entries()];
  await client.query(
    `INSERT INTO unit_event_state (unit_id, panic, inside, fault_codes, run_over, run_over_part, movement, last_time, last_lat, last_lon, alarms)
     SELECT u, p, ARRAY(SELECT jsonb_array_elements_text(i))::int[], ARRAY(SELECT jsonb_array_elements_text(f)), ro, rp, mv, to_timestamp(t / 1000.0), la, lo, al
     FROM unnest($1::int[], $2::bool[], $3::jsonb[], $4::jsonb[], $5::float8[], $6::bool[], $7::bool[], $8::text[], $9::float8[], $10::float8[], $11::jsonb[])
       AS x(u, p, i, f, t, ro, mv, rp, la, lo, al)
     ON CONFLICT (unit_id) DO UPDATE SET panic = EXCLUDED.panic, inside = EXCLUDED.inside, fault_codes = EXCLUDED.fault_codes,
       run_over = EXCLUDED.run_over, run_over_part = EXCLUDED.run_over_part, movement = EXCLUDED.movement, last_time = EXCLUDED.last_time,
       last_lat = EXCLUDED.last_lat, last_lon = EXCLUDED.last_lon, alarms = EXCLUDED.alarms`,
    [mem.map(([u]) => u), mem.map(([, m]) => m.panic), mem.map(([, m]) => JSON.stringify(m.inside)), mem.map(([, m]) => JSON.stringify(m.faultCodes)),
      mem.map(([, m]) => m.lastTime), mem.map(([, m]) => m.runOver), mem.map(([, m]) => m.movement), mem.map(([, m]) => m.runOverPart),
      mem.map(([, m]) => m.lastLat), mem.map(([, m]) => m.lastLon), mem.map(([, m]) => JSON.stringify(m.alarms))]);
}

/**
 * Brings the unit's remembered latest time back to `t` (ms; null: the unit has no plausible
 * position), when it is later; a unit never seen stays unseen.
 */
export async function rewindEventMemory(client: pg.PoolClient, unitId: number, t: number | null): Promise<void> {
  await client.query(
    `UPDATE unit_event_state SET last_time = to_timestamp($2::float8 / 1000.0)
     WHERE unit_id = $1 AND last_time IS NOT NULL AND ($2::float8 IS NULL OR last_time > to_timestamp($2::float8 / 1000.0))`,
    [unitId, t]);
}
