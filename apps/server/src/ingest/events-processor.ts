import { checkout } from '@fleet/db';
import type pg from 'pg';
import { GeofenceIndex, type GeofenceRow, GeofenceTracker } from '../modules/geofence/index.ts';
import { assetLocationCode, DEFAULT_WORKING_HOURS, isOutsideWorkingHours, locationCodeRaisesAlarm, workingHoursSchema } from '@fleet/shared';
import { isAssetUnit } from './asset-movement.ts';
import { interpret } from './io-map.ts';
import { sharedHorizon, type SharedHorizon } from './log-horizon.ts';
import type { UnitDirectory } from './unit-directory.ts';
import type { RaisedAlert } from './ingest-events.ts';

export type NewAlert = RaisedAlert;

interface Row { id: string; unit_id: number; t: number; lat: number; lon: number; io: Record<string, number | string>; flagged: boolean }
interface Memory { panic: boolean; inside: number[]; faultCodes: string[]; runOver: boolean; movement: boolean | null; lastTime: number | null }
type Pending = Omit<NewAlert, 'aid'> & { positionId: string };

const CURSOR = 'events';
/** Held by an events processor run for its transaction (and waited for by a reset). */
export const EVENTS_LOCK_KEY = 7262004;
const LOCK_KEY = EVENTS_LOCK_KEY;
// Flagged (implausible) rows are read only so the cursor passes them; they raise nothing.
const READ = `SELECT id::text, unit_id, (extract(epoch FROM device_time) * 1000)::float8 AS t, lat, lon, io, implausible IS NOT NULL AS flagged
  FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY id LIMIT $3`;

/**
 * Raises alerts from the positions log: a panic input going on, a geofence entered or left, new
 * fault codes, a Run Over, an asset tracker starting to move (Asset Movement). Like the state processor it reads by id up to the log horizon; what it remembers per
 * unit lives in unit_event_state and moves with the cursor in one transaction, and alerts carry a
 * unique key, so a crash or restart neither loses nor repeats one. A unit's first position sets its
 * memory without alerts (a vehicle already parked inside its depot raises nothing). Positions
 * flagged implausible raise nothing and leave the memory as it was.
 */
export function eventsProcessor(pool: pg.Pool, directory: UnitDirectory, opts: {
  batch?: number; onAlerts?: (a: NewAlert[]) => void;
  /** The horizon read shared with the other processors (one gate take serves all of a cycle). */
  horizon?: SharedHorizon;
} = {}) {
  const batch = opts.batch ?? 20_000;
  const horizons = (opts.horizon ?? sharedHorizon()).reader();
  const index = new GeofenceIndex();
  let loaded = false;

  async function reloadGeofences(): Promise<void> {
    const r = await pool.query<{ id: number; site_id: number; mode: number; lat: number | null; lon: number | null; radius: number | null; points: GeofenceRow['points'] }>(
      'SELECT id, site_id, mode, lat, lon, radius, points FROM poi WHERE is_geofence');
    index.rebuild(r.rows.map((p) => ({ id: p.id, siteId: p.site_id, mode: p.mode, lat: p.lat, lon: p.lon, radius: p.radius, points: p.points })));
    loaded = true;
  }

  async function runOnce(): Promise<number> {
    const ticket = horizons.ticket();
    if (!loaded) await reloadGeofences();
    const client = await checkout(pool);
    let raised: NewAlert[] = [];
    let count = 0;
    try {
      const horizon = await horizons.read(client, ticket);
      await client.query('BEGIN');
      if (!(await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [LOCK_KEY])).rows[0]?.ok) {
        await client.query('ROLLBACK');
        return 0;
      }
      const from = (await client.query<{ p: string }>('SELECT position_id::text AS p FROM processor_cursors WHERE name = $1', [CURSOR])).rows[0]?.p ?? '0';
      const { rows } = await client.query<Row>(READ, [from, horizon, batch]);
      count = rows.length;
      if (count === 0) {
        await client.query('COMMIT');
        return 0;
      }
      const unitIds = [...new Set(rows.map((r) => r.unit_id))];
      const units = await directory.units(unitIds);
      const memory = new Map<number, Memory>();
      const saved = await client.query<{ unit_id: number; panic: boolean; inside: number[]; fault_codes: string[]; run_over: boolean; movement: boolean | null; t: number | null }>(
        `SELECT unit_id, panic, inside, fault_codes, run_over, movement, (extract(epoch FROM last_time) * 1000)::float8 AS t FROM unit_event_state WHERE unit_id = ANY($1::int[])`, [unitIds]);
      const siteIds = [...new Set([...units.values()].map((u) => u.siteId))];
      const hours = new Map((await client.query<{ id: number; timezone: string; working_hours: unknown }>(
        'SELECT id, timezone, working_hours FROM sites WHERE id = ANY($1::int[])', [siteIds])).rows.map((x) => {
        const parsed = workingHoursSchema.safeParse(x.working_hours);
        return [x.id, { tz: x.timezone, hours: parsed.success ? parsed.data : DEFAULT_WORKING_HOURS }] as const;
      }));
      const tracker = new GeofenceTracker(index);
      for (const s of saved.rows) {
        memory.set(s.unit_id, { panic: s.panic, inside: s.inside, faultCodes: s.fault_codes, runOver: s.run_over, movement: s.movement, lastTime: s.t });
        tracker.restore(s.unit_id, s.inside, s.t ?? 0);
      }
      const pending: Pending[] = [];
      for (const r of rows) {
        const unit = units.get(r.unit_id);
        if (!unit || r.flagged) continue;
        const meaning = interpret(r.io, unit.ioMap);
        const base = { siteId: unit.siteId, unitId: r.unit_id, happenedAt: new Date(r.t).toISOString(), lat: r.lat, lon: r.lon, positionId: r.id };
        const m = memory.get(r.unit_id);
        if (!m) {
          tracker.restore(r.unit_id, index.match(unit.siteId, r.lat, r.lon), r.t);
          memory.set(r.unit_id, {
            panic: meaning.panic, inside: [...tracker.insideOf(r.unit_id)], faultCodes: meaning.faultCodes, runOver: false, movement: meaning.movement, lastTime: r.t,
          });
          continue;
        }
        if (meaning.panic && !m.panic) pending.push({ ...base, kind: 'panic', event: 'press', poiId: null, detail: '' });
        m.panic = meaning.panic;
        const fresh = meaning.faultCodes.filter((c) => !m.faultCodes.includes(c));
        if (fresh.length) pending.push({ ...base, kind: 'spn', event: 'fault', poiId: null, detail: fresh.join(', ') });
        if (meaning.faultCodes.length || r.io[String(unit.ioMap.faultCodes)] !== undefined) m.faultCodes = meaning.faultCodes;
        // Run Over: the first ignition-on position outside the site's working hours in an ignition cycle.
        if (meaning.ignition === false) m.runOver = false;
        const site = hours.get(unit.siteId);
        if (meaning.ignition === true && !m.runOver && site && isOutsideWorkingHours(r.t, site.tz, site.hours)) {
          pending.push({ ...base, kind: 'runover', event: 'ignition', poiId: null, detail: '' });
          m.runOver = true;
        }
        // Asset Movement (an asset tracker starting to move) raises the alarm flag: a Zone alert without a POI.
        if (isAssetUnit(unit) && locationCodeRaisesAlarm(assetLocationCode(m.movement, meaning.movement))) {
          pending.push({ ...base, kind: 'geofence', event: 'movement', poiId: null, detail: '' });
        }
        if (meaning.movement !== null) m.movement = meaning.movement;
        const moves = tracker.update(r.unit_id, unit.siteId, r.lat, r.lon, r.t);
        for (const poiId of moves.entered) pending.push({ ...base, kind: 'geofence', event: 'enter', poiId, detail: '' });
        for (const poiId of moves.exited) pending.push({ ...base, kind: 'geofence', event: 'exit', poiId, detail: '' });
        m.inside = [...tracker.insideOf(r.unit_id)];
        m.lastTime = Math.max(m.lastTime ?? 0, r.t);
      }
      raised = await insertAlerts(client, pending);
      const mem = [...memory.entries()];
      await client.query(
        `INSERT INTO unit_event_state (unit_id, panic, inside, fault_codes, run_over, movement, last_time)
         SELECT u, p, ARRAY(SELECT jsonb_array_elements_text(i))::int[], ARRAY(SELECT jsonb_array_elements_text(f)), ro, mv, to_timestamp(t / 1000.0)
         FROM unnest($1::int[], $2::bool[], $3::jsonb[], $4::jsonb[], $5::float8[], $6::bool[], $7::bool[]) AS x(u, p, i, f, t, ro, mv)
         ON CONFLICT (unit_id) DO UPDATE SET panic = EXCLUDED.panic, inside = EXCLUDED.inside, fault_codes = EXCLUDED.fault_codes,
           run_over = EXCLUDED.run_over, movement = EXCLUDED.movement, last_time = EXCLUDED.last_time`,
        [mem.map(([u]) => u), mem.map(([, m]) => m.panic), mem.map(([, m]) => JSON.stringify(m.inside)), mem.map(([, m]) => JSON.stringify(m.faultCodes)),
          mem.map(([, m]) => m.lastTime), mem.map(([, m]) => m.runOver), mem.map(([, m]) => m.movement)]);
      await client.query(
        `INSERT INTO processor_cursors (name, position_id) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET position_id = EXCLUDED.position_id, updated_at = now()`, [CURSOR, (rows.at(-1) as Row).id]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.done();
    }
    if (raised.length) opts.onAlerts?.(raised);
    return count;
  }

  return { runOnce, reloadGeofences };
}
export type EventsProcessor = ReturnType<typeof eventsProcessor>;

async function insertAlerts(client: pg.PoolClient, pending: Pending[]): Promise<NewAlert[]> {
  if (pending.length === 0) return [];
  const res = await client.query<{ id: string; kind: NewAlert['kind']; event: string; site_id: number; unit_id: number; poi_id: number | null; happened_at: Date; lat: number; lon: number; detail: string }>(
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
