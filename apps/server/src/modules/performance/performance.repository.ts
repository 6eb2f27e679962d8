import type pg from 'pg';

/** A vehicle of the caller's sites, with its site's zone and its assigned driver. */
export interface VehicleRow { id: number; registration: string; site_id: number; timezone: string; driver: string | null }
export interface DriverRow { id: number; name: string; site_id: number; timezone: string }
export interface SiteRow { id: number; timezone: string }

/** A trip with the driving events of its window (see below), counted by kind. */
export interface ScoredTripRow {
  id: string; unit_id: number; registration: string; driver_id: number | null; driver: string | null;
  start_time: Date; end_time: Date; distance_m: number;
  /** The Monday (site's zone) of the week the trip started in, YYYY-MM-DD. */
  week: string;
  counts: Record<string, number>;
}

export interface EventRow {
  unit_id: number; registration: string; kind: string; at: Date; end_at: Date | null; value: number; lat: number; lon: number;
}

export type TripFilter = { unitId: number } | { driverId: number } | { siteId: number };

// A trip's events are those of its unit from its start to the start of the unit's next trip: the
// trip and the stop after it (idling happens standing, and the trips processor cuts a stop there).
const NEXT_START = `coalesce((SELECT min(n.start_time) FROM trips n WHERE n.unit_id = t.unit_id AND n.kind = 'trip' AND n.start_time > t.start_time), 'infinity'::timestamptz)`;

const filterOf = (f: TripFilter): { where: string; value: number } =>
  'unitId' in f ? { where: 't.unit_id = $1', value: f.unitId }
    : 'driverId' in f ? { where: 't.driver_id = $1', value: f.driverId }
      : { where: 'u.site_id = $1', value: f.siteId };

/**
 * Reads of the performance calls: trips (written by the trips processor, never recomputed here)
 * joined with driving_events (written by the driving processor), units, drivers and sites for
 * names and tenancy. Nothing here writes.
 */
export function performanceRepository(pool: pg.Pool) {
  return {
    /** A vehicle on one of the sites, or undefined (missing and another tenant's read the same). */
    async vehicle(siteIds: number[], unitId: number): Promise<VehicleRow | undefined> {
      const r = await pool.query<VehicleRow>(
        `SELECT u.id, u.registration, u.site_id, s.timezone, d.name AS driver FROM units u JOIN sites s ON s.id = u.site_id
          LEFT JOIN drivers d ON d.id = u.driver_id WHERE u.id = $1 AND u.site_id = ANY($2::int[])`, [unitId, siteIds]);
      return r.rows[0];
    },

    async driver(siteIds: number[], driverId: number): Promise<DriverRow | undefined> {
      const r = await pool.query<DriverRow>(
        `SELECT d.id, d.name, d.site_id, s.timezone FROM drivers d JOIN sites s ON s.id = d.site_id
          WHERE d.id = $1 AND d.site_id = ANY($2::int[])`, [driverId, siteIds]);
      return r.rows[0];
    },

    async site(siteId: number): Promise<SiteRow | undefined> {
      return (await pool.query<SiteRow>('SELECT id, timezone FROM sites WHERE id = $1', [siteId])).rows[0];
    },

    /** Mondays 00:00 in the zone, this week's first, then back `weeks` weeks (weeks + 1 instants). */
    async mondays(timezone: string, weeks: number): Promise<Array<{ at: Date; day: string }>> {
      const r = await pool.query<{ at: Date; day: string }>(
        `SELECT w AT TIME ZONE $1 AS at, to_char(w, 'YYYY-MM-DD') AS day
          FROM generate_series(0, $2::int) k, LATERAL (SELECT date_trunc('week', now() AT TIME ZONE $1) - make_interval(weeks => k) AS w) x
          ORDER BY k`, [timezone, weeks]);
      return r.rows;
    },

    /** Midnight today in the zone. */
    async today(timezone: string): Promise<Date> {
      const r = await pool.query<{ m: Date }>(`SELECT date_trunc('day', now() AT TIME ZONE $1) AT TIME ZONE $1 AS m`, [timezone]);
      return (r.rows[0] as { m: Date }).m;
    },

    /**
     * Trips (kind 'trip') of a unit, a driver or a site's units starting in [from, to), newest first,
     * with their events counted by kind; at most `limit`.
     */
    async scoredTrips(filter: TripFilter, from: Date, to: Date, timezone: string, limit = 100_000): Promise<ScoredTripRow[]> {
      const f = filterOf(filter);
      const r = await pool.query<ScoredTripRow>(
        `SELECT t.id::text, t.unit_id, u.registration, t.driver_id, d.name AS driver, t.start_time, t.end_time, t.distance_m,
            to_char(date_trunc('week', t.start_time AT TIME ZONE $4), 'YYYY-MM-DD') AS week,
            (SELECT coalesce(jsonb_object_agg(c.kind, c.n), '{}'::jsonb) FROM (
              SELECT e.kind, count(*)::int AS n FROM driving_events e
              WHERE e.unit_id = t.unit_id AND e.at >= t.start_time AND e.at < ${NEXT_START} GROUP BY e.kind) c) AS counts
          FROM trips t JOIN units u ON u.id = t.unit_id LEFT JOIN drivers d ON d.id = t.driver_id
          WHERE ${f.where} AND t.kind = 'trip' AND t.start_time >= $2 AND t.start_time < $3
          ORDER BY t.start_time DESC LIMIT $5`, [f.value, from, to, timezone, limit]);
      return r.rows;
    },

    /** The events of trips' windows (as scoredTrips counts them), by trip id. */
    async eventsOfTrips(tripIds: string[]): Promise<Map<string, EventRow[]>> {
      if (tripIds.length === 0) return new Map();
      const r = await pool.query<EventRow & { trip_id: string }>(
        `SELECT t.id::text AS trip_id, e.unit_id, u.registration, e.kind, e.at, e.end_at, e.value, e.lat, e.lon
          FROM trips t JOIN units u ON u.id = t.unit_id
          JOIN driving_events e ON e.unit_id = t.unit_id AND e.at >= t.start_time AND e.at < ${NEXT_START}
          WHERE t.id = ANY($1::bigint[]) ORDER BY e.at`, [tripIds]);
      const out = new Map<string, EventRow[]>();
      for (const row of r.rows) {
        const list = out.get(row.trip_id);
        if (list) list.push(row);
        else out.set(row.trip_id, [row]);
      }
      return out;
    },

    /** A unit's latest events, newest first. */
    async latestEvents(unitId: number, limit: number): Promise<EventRow[]> {
      const r = await pool.query<EventRow>(
        `SELECT e.unit_id, u.registration, e.kind, e.at, e.end_at, e.value, e.lat, e.lon FROM driving_events e JOIN units u ON u.id = e.unit_id
          WHERE e.unit_id = $1 ORDER BY e.at DESC LIMIT $2`, [unitId, limit]);
      return r.rows;
    },
  };
}
export type PerformanceRepository = ReturnType<typeof performanceRepository>;
