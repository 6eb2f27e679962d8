import { checkout } from '@fleet/db';
import type pg from 'pg';

/** A unit the fuel monitor reads: its site, type's IO map and tank size. */
export interface FuelUnitRow {
  id: number; site_id: number; registration: string; io_map: unknown; tank_litres: number | null; fuel_level: number | null;
  level_unit: '%' | 'l';
  /** The unit's latest report (device time): nothing newer than the scan, nothing to read. */
  last_at: Date | null;
}

/** One position's fuel-related values as the unit sent them (IO elements chosen by its IO map). */
export interface FuelPositionRow {
  id: string; t: number; lat: number; lon: number; speed: number;
  pct: unknown; litres: unknown; used: unknown; odometer: unknown; hours: unknown; ignition: unknown; named: unknown;
}

/** The IO element ids read for fuel, in the order the query takes them. */
export interface FuelIoKeys { pct: number; litres: number; used: number; odometer: number; hours: number; ignition: number }

export interface FuelEventRow {
  id: string; unit_id: number; registration: string; site_id: number; kind: 'refuel' | 'drop'; start_at: Date; end_at: Date;
  before_litres: number; after_litres: number; litres: number; lat: number; lon: number;
}

export interface FuelEventToStore {
  siteId: number; unitId: number; kind: 'refuel' | 'drop'; startAt: string; endAt: string;
  before: number; after: number; litres: number; lat: number; lon: number;
}

// unit_state.fuel_level is % when the unit's latest report carried the per-cent element (or a phone's `fuel`), else litres.
const UNIT = `SELECT u.id, u.site_id, u.registration, t.io_map, u.tank_litres, s.fuel_level, GREATEST(s.device_time, s.status_time) AS last_at,
    CASE WHEN s.io ? COALESCE(t.io_map->>'fuelLevelPercent', '89') OR s.io ? 'fuel' THEN '%' ELSE 'l' END AS level_unit
  FROM units u JOIN unit_types t ON t.id = u.unit_type_id LEFT JOIN unit_state s ON s.unit_id = u.id`;

/** The fuel module's SQL: fuel_events and unit_fuel_state are its own; it reads units, unit_state and the positions log. */
export function fuelRepository(pool: pg.Pool) {
  return {
    /** Units (not removed) whose state shows a fuel level: the ones the job scans. */
    async reportingUnits(): Promise<FuelUnitRow[]> {
      return (await pool.query<FuelUnitRow>(`${UNIT} WHERE u.removed_at IS NULL AND s.fuel_level IS NOT NULL ORDER BY u.id`)).rows;
    },

    /** A unit of one of these sites (not removed). */
    async unit(siteIds: number[], unitId: number): Promise<FuelUnitRow | undefined> {
      return (await pool.query<FuelUnitRow>(`${UNIT} WHERE u.id = $1 AND u.site_id = ANY($2::int[]) AND u.removed_at IS NULL`, [unitId, siteIds])).rows[0];
    },

    /** A site's vehicles that report a fuel level, by registration. */
    async unitsOfSite(siteId: number): Promise<FuelUnitRow[]> {
      return (await pool.query<FuelUnitRow>(
        `${UNIT} WHERE u.site_id = $1 AND u.removed_at IS NULL AND s.fuel_level IS NOT NULL ORDER BY u.registration, u.id`, [siteId])).rows;
    },

    /** A unit's plausible positions after `from` (device time) up to `to`, oldest first, at most `limit`. */
    async positions(unitId: number, keys: FuelIoKeys, from: Date, to: Date | null, limit: number): Promise<FuelPositionRow[]> {
      const r = await pool.query<FuelPositionRow>({
        text: `SELECT id::text, (extract(epoch FROM device_time) * 1000)::float8 AS t, lat, lon, speed,
             io->$2::text AS pct, io->$3::text AS litres, io->$4::text AS used, io->$5::text AS odometer, io->$6::text AS hours,
             io->$7::text AS ignition, io->'fuel' AS named
           FROM positions
           WHERE unit_id = $1 AND device_time > $8 AND ($9::timestamptz IS NULL OR device_time <= $9) AND implausible IS NULL
           ORDER BY device_time, id LIMIT $10`,
        values: [unitId, keys.pct, keys.litres, keys.used, keys.odometer, keys.hours, keys.ignition, from, to, limit],
      });
      return r.rows;
    },

    async fuelState(unitId: number): Promise<{ scanned_to: Date; state: { pendingFrom?: number | null } } | undefined> {
      return (await pool.query<{ scanned_to: Date; state: { pendingFrom?: number | null } }>(
        'SELECT scanned_to, state FROM unit_fuel_state WHERE unit_id = $1', [unitId])).rows[0];
    },

    /**
     * Stores found events once: the unique key (unit, kind, start) and, for a window read again,
     * any stored event of the same kind overlapping it (the start found may move by a reading)
     * keep it from being stored twice. Answers the ones stored now.
     */
    async storeEvents(client: pg.ClientBase, events: readonly FuelEventToStore[]): Promise<Array<FuelEventToStore & { id: string }>> {
      if (events.length === 0) return [];
      const r = await client.query<{ id: string; kind: string; start_at: Date }>(
        `INSERT INTO fuel_events (site_id, unit_id, kind, start_at, end_at, before_litres, after_litres, litres, lat, lon)
         SELECT x.site_id, x.unit_id, x.kind, x.start_at, x.end_at, x.before, x.after, x.litres, x.lat, x.lon
         FROM json_to_recordset($1::json) AS x(site_id int, unit_id int, kind text, start_at timestamptz, end_at timestamptz,
           before float8, after float8, litres float8, lat float8, lon float8)
         WHERE NOT EXISTS (SELECT 1 FROM fuel_events e WHERE e.unit_id = x.unit_id AND e.kind = x.kind
           AND e.start_at <= x.end_at AND e.end_at >= x.start_at)
         ON CONFLICT ON CONSTRAINT fuel_events_once DO NOTHING
         RETURNING id::text, kind, start_at`,
        [JSON.stringify(events.map((e) => ({
          site_id: e.siteId, unit_id: e.unitId, kind: e.kind, start_at: e.startAt, end_at: e.endAt,
          before: e.before, after: e.after, litres: e.litres, lat: e.lat, lon: e.lon,
        })))]);
      return r.rows.flatMap((row) => {
        const e = events.find((x) => x.kind === row.kind && Date.parse(x.startAt) === row.start_at.getTime());
        return e ? [{ ...e, id: row.id }] : [];
      });
    },

    async linkAlert(client: pg.ClientBase, eventId: string, alertId: number): Promise<void> {
      await client.query('UPDATE fuel_events SET alert_id = $2 WHERE id = $1', [eventId, alertId]);
    },

    async saveState(client: pg.ClientBase, unitId: number, scannedTo: Date, state: object): Promise<void> {
      await client.query(
        `INSERT INTO unit_fuel_state (unit_id, scanned_to, state) VALUES ($1, $2, $3)
         ON CONFLICT (unit_id) DO UPDATE SET scanned_to = EXCLUDED.scanned_to, state = EXCLUDED.state`,
        [unitId, scannedTo, JSON.stringify(state)]);
    },

    /** A site's (or one of its vehicles') events starting in the range, newest first. */
    async events(siteId: number, unitId: number | null, from: Date, to: Date, limit: number): Promise<FuelEventRow[]> {
      return (await pool.query<FuelEventRow>(
        `SELECT e.id::text, e.unit_id, u.registration, e.site_id, e.kind, e.start_at, e.end_at, e.before_litres, e.after_litres, e.litres, e.lat, e.lon
         FROM fuel_events e JOIN units u ON u.id = e.unit_id
         WHERE e.site_id = $1 AND ($2::int IS NULL OR e.unit_id = $2) AND e.start_at >= $3 AND e.start_at < $4
         ORDER BY e.start_at DESC, e.id DESC LIMIT $5`, [siteId, unitId, from, to, limit])).rows;
    },

    /**
     * Runs `work` under the job's lock (one server of several scans at a time); false when another
     * holds it. The lock's connection is held through the whole scan, so it goes through `checkout`:
     * a plain pool client whose connection the database ended meanwhile (a restart) emitted an error
     * nobody heard, and that ended the process (caught by the chaos test in CI).
     */
    async withJobLock(key: number, work: () => Promise<void>): Promise<boolean> {
      const client = await checkout(pool);
      try {
        const got = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key])).rows[0]?.ok === true;
        if (!got) return false;
        try {
          await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
        return true;
      } finally {
        client.done();
      }
    },
  };
}
export type FuelRepository = ReturnType<typeof fuelRepository>;
