import { DEFAULT_WORKING_HOURS, workingHoursSchema } from '@fleet/shared';
import type pg from 'pg';
import type { GeofenceRow } from '../../modules/geofence/index.ts';
import type { RaisedAlert } from '../ingest-events.ts';
import type { EventRow, PendingAlert, SiteHours, UnitMemory } from './events-rules.ts';
import type { LogWindow, WindowRead } from './runner.ts';

// The events processor's storage: its window of the log, its memory per unit (unit_event_state),
// what it matches against (geofences, sites' working hours) and the alerts it stores.

// Flagged (implausible) rows are read only so the cursor passes them; they raise nothing.
const READ = `SELECT id::text, unit_id, (extract(epoch FROM device_time) * 1000)::float8 AS t, lat, lon, io, implausible IS NOT NULL AS flagged
  FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY id LIMIT $3`;

export async function readEventWindow(client: pg.PoolClient, w: LogWindow): Promise<WindowRead<EventRow>> {
  const { rows } = await client.query<EventRow>(READ, [w.from, w.to, w.limit]);
  return { rows, count: rows.length, lastId: rows.at(-1)?.id ?? w.from };
}

/** Every geofence of every site. */
export async function loadGeofences(pool: pg.Pool): Promise<GeofenceRow[]> {
  const r = await pool.query<{ id: number; site_id: number; mode: number; lat: number | null; lon: number | null; radius: number | null; points: GeofenceRow['points'] }>(
    'SELECT id, site_id, mode, lat, lon, radius, points FROM poi WHERE is_geofence');
  return r.rows.map((p) => ({ id: p.id, siteId: p.site_id, mode: p.mode, lat: p.lat, lon: p.lon, radius: p.radius, points: p.points }));
}

export async function loadMemory(client: pg.PoolClient, unitIds: readonly number[]): Promise<Map<number, UnitMemory>> {
  const r = await client.query<{ unit_id: number; panic: boolean; inside: number[]; fault_codes: string[]; run_over: boolean; movement: boolean | null; t: number | null }>(
    `SELECT unit_id, panic, inside, fault_codes, run_over, movement, (extract(epoch FROM last_time) * 1000)::float8 AS t FROM unit_event_state WHERE unit_id = ANY($1::int[])`, [unitIds]);
  return new Map(r.rows.map((s) => [s.unit_id, { panic: s.panic, inside: s.inside, faultCodes: s.fault_codes, runOver: s.run_over, movement: s.movement, lastTime: s.t }]));
}

export async function saveMemory(client: pg.PoolClient, memory: ReadonlyMap<number, UnitMemory>): Promise<void> {
  const mem = [...memory.entries()];
  await client.query(
    `INSERT INTO unit_event_state (unit_id, panic, inside, fault_codes, run_over, movement, last_time)
     SELECT u, p, ARRAY(SELECT jsonb_array_elements_text(i))::int[], ARRAY(SELECT jsonb_array_elements_text(f)), ro, mv, to_timestamp(t / 1000.0)
     FROM unnest($1::int[], $2::bool[], $3::jsonb[], $4::jsonb[], $5::float8[], $6::bool[], $7::bool[]) AS x(u, p, i, f, t, ro, mv)
     ON CONFLICT (unit_id) DO UPDATE SET panic = EXCLUDED.panic, inside = EXCLUDED.inside, fault_codes = EXCLUDED.fault_codes,
       run_over = EXCLUDED.run_over, movement = EXCLUDED.movement, last_time = EXCLUDED.last_time`,
    [mem.map(([u]) => u), mem.map(([, m]) => m.panic), mem.map(([, m]) => JSON.stringify(m.inside)), mem.map(([, m]) => JSON.stringify(m.faultCodes)),
      mem.map(([, m]) => m.lastTime), mem.map(([, m]) => m.runOver), mem.map(([, m]) => m.movement)]);
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

/** Each site's working hours (stored hours that do not parse count as the default ones). */
export async function loadSiteHours(client: pg.PoolClient, siteIds: readonly number[]): Promise<Map<number, SiteHours>> {
  const r = await client.query<{ id: number; timezone: string; working_hours: unknown }>(
    'SELECT id, timezone, working_hours FROM sites WHERE id = ANY($1::int[])', [siteIds]);
  return new Map(r.rows.map((x) => {
    const parsed = workingHoursSchema.safeParse(x.working_hours);
    return [x.id, { tz: x.timezone, hours: parsed.success ? parsed.data : DEFAULT_WORKING_HOURS }] as const;
  }));
}

/** Stores the alerts; one already stored (same kind, unit, position and POI) is not stored again nor returned. */
export async function insertAlerts(client: pg.PoolClient, pending: readonly PendingAlert[]): Promise<RaisedAlert[]> {
  if (pending.length === 0) return [];
  const res = await client.query<{ id: string; kind: RaisedAlert['kind']; event: string; site_id: number; unit_id: number; poi_id: number | null; happened_at: Date; lat: number; lon: number; detail: string }>(
    `INSERT INTO alerts (site_id, unit_id, kind, event, poi_id, position_id, happened_at, lat, lon, detail)
     SELECT * FROM json_to_recordset($1::json) AS x(site_id int, unit_id int, kind text, event text, poi_id int, position_id bigint,
       happened_at timestamptz, lat float8, lon float8, detail text)
     ON CONFLICT ON CONSTRAINT alerts_once DO NOTHING
     RETURNING id::text, kind, event, site_id, unit_id, poi_id, happened_at, lat, lon, detail`,
    [JSON.stringify(pending.map((p) => ({
      site_id: p.siteId, unit_id: p.unitId, kind: p.kind, event: p.event, poi_id: p.poiId, position_id: p.positionId,
      happened_at: p.happenedAt, lat: p.lat, lon: p.lon, detail: p.detail,
    })))]);
  return res.rows.map((r) => ({
    aid: Number(r.id), kind: r.kind, event: r.event, siteId: r.site_id, unitId: r.unit_id, poiId: r.poi_id,
    happenedAt: r.happened_at.toISOString(), lat: r.lat, lon: r.lon, detail: r.detail,
  }));
}
