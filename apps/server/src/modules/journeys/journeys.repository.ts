import type pg from 'pg';

/** A vehicle of the caller's sites, with what its answers need: its site's zone, its unit type's IO map. */
export interface VehicleRow {
  id: number; registration: string; unit_type_id: number; site_id: number; timezone: string; io_map: unknown; io_catalogue: unknown;
}
export interface DriverRow { id: number; name: string; site_id: number; timezone: string }

/** A trips row as the calls answer it (times as Date, ids as numbers). */
export interface SegmentRow {
  id: string; kind: 'trip' | 'stop'; open: boolean; unit_id: number; registration: string; site_id: number;
  start_time: Date; end_time: Date; start_lat: number; start_lon: number; end_lat: number; end_lon: number;
  distance_m: number; driving_s: number; idle_s: number; max_speed: number; avg_speed: number;
  driver_id: number | null; driver: string | null;
  start_odometer: number | null; end_odometer: number | null; start_engine_hours: number | null; end_engine_hours: number | null;
}

export interface AlertOfDayRow {
  id: string; kind: string; event: string; unit_id: number; registration: string; poi_id: number | null; poi: string | null;
  happened_at: Date; lat: number; lon: number; detail: string;
}

export interface PositionRow {
  id: string; unit_id: number; device_time: Date; received_at: Date; lat: number; lon: number; altitude: number; angle: number;
  satellites: number; speed: number; priority: number; event_io: number; io: Record<string, number | string>; protocol: string;
  implausible: string | null;
}

/** Spans of time [from, to] (a driver's segments on one vehicle), as parallel arrays for unnest. */
export interface Spans { from: Date[]; to: Date[] }

const SEGMENT = `t.id::text, t.kind, t.open, t.unit_id, u.registration, u.site_id, t.start_time, t.end_time, t.start_lat, t.start_lon,
  t.end_lat, t.end_lon, t.distance_m, t.driving_s, t.idle_s, t.max_speed, t.avg_speed, t.driver_id, d.name AS driver,
  t.start_odometer, t.end_odometer, t.start_engine_hours, t.end_engine_hours`;

/** Position times within any of the spans: a driver's share of a vehicle's day. */
const IN_SPANS = (col: string, from: string, to: string) =>
  `EXISTS (SELECT 1 FROM unnest(${from}::timestamptz[], ${to}::timestamptz[]) s(a, b) WHERE ${col} >= s.a AND ${col} <= s.b)`;

/**
 * Reads of the journeys calls: trips and stops (written by the trips processor), the positions log
 * and the alerts of a day. Units, drivers, sites and places are joined for their names and the
 * caller's tenancy, as the alerts and messages repositories do; nothing here writes.
 *
 * Segments overlapping [from, to) are those starting inside it plus the unit's (or driver's) last
 * one starting before it: a unit's segments do not overlap, so only that one can reach in, and
 * both halves are index ranges (trips_unit_start_idx, trips_driver_idx) however long a stop is.
 */
export function journeysRepository(pool: pg.Pool) {
  /** Segments of one unit or one driver overlapping [from, to), oldest first (see above). */
  async function overlapping(column: 'unit_id' | 'driver_id', id: number, from: Date, to: Date): Promise<SegmentRow[]> {
    const r = await pool.query<SegmentRow>({
      name: `journeys-segments-${column}`,
      text: `SELECT ${SEGMENT} FROM trips t JOIN units u ON u.id = t.unit_id LEFT JOIN drivers d ON d.id = t.driver_id
        WHERE t.id IN (
          (SELECT id FROM trips WHERE ${column} = $1 AND start_time < $2 ORDER BY start_time DESC LIMIT 1)
          UNION ALL (SELECT id FROM trips WHERE ${column} = $1 AND start_time >= $2 AND start_time < $3))
        AND t.end_time > $2 ORDER BY t.start_time, t.unit_id`,
      values: [id, from, to],
    });
    return r.rows;
  }

  return {
    /** A vehicle on one of the sites, or undefined (missing and another tenant's read the same). */
    async vehicle(siteIds: number[], unitId: number): Promise<VehicleRow | undefined> {
      const r = await pool.query<VehicleRow>({
        name: 'journeys-vehicle',
        text: `SELECT u.id, u.registration, u.unit_type_id, u.site_id, s.timezone, ut.io_map, ut.io_catalogue
          FROM units u JOIN sites s ON s.id = u.site_id JOIN unit_types ut ON ut.id = u.unit_type_id
          WHERE u.id = $1 AND u.site_id = ANY($2::int[])`,
        values: [unitId, siteIds],
      });
      return r.rows[0];
    },

    /** Vehicles by id (those a driver drove: the driver is the caller's already). */
    async vehiclesByIds(unitIds: number[]): Promise<VehicleRow[]> {
      const r = await pool.query<VehicleRow>(`SELECT u.id, u.registration, u.unit_type_id, u.site_id, s.timezone, ut.io_map, ut.io_catalogue
        FROM units u JOIN sites s ON s.id = u.site_id JOIN unit_types ut ON ut.id = u.unit_type_id WHERE u.id = ANY($1::int[])`, [unitIds]);
      return r.rows;
    },

    /** A driver of one of the sites, or undefined. */
    async driver(siteIds: number[], driverId: number): Promise<DriverRow | undefined> {
      const r = await pool.query<DriverRow>({
        name: 'journeys-driver',
        text: `SELECT d.id, d.name, d.site_id, s.timezone FROM drivers d JOIN sites s ON s.id = d.site_id
          WHERE d.id = $1 AND d.site_id = ANY($2::int[])`,
        values: [driverId, siteIds],
      });
      return r.rows[0];
    },

    /** A site's zone, or undefined when it is not one of the sites. */
    async siteZone(siteIds: number[], siteId: number): Promise<string | undefined> {
      const r = await pool.query<{ timezone: string }>('SELECT timezone FROM sites WHERE id = $1 AND id = ANY($2::int[])', [siteId, siteIds]);
      return r.rows[0]?.timezone;
    },

    /** A unit's trips and stops overlapping [from, to), oldest first. */
    segmentsOfUnit: (unitId: number, from: Date, to: Date) => overlapping('unit_id', unitId, from, to),

    /** The segments a driver was on overlapping [from, to), oldest first, whatever the vehicle. */
    segmentsOfDriver: (driverId: number, from: Date, to: Date) => overlapping('driver_id', driverId, from, to),

    /** The trips (kind 'trip') of a site's vehicles (or one of them) starting in [from, to), oldest first. */
    async tripsOfSite(siteId: number, unitId: number | null, from: Date, to: Date): Promise<SegmentRow[]> {
      const r = await pool.query<SegmentRow>({
        name: 'journeys-trips-site',
        text: `SELECT ${SEGMENT} FROM units u JOIN trips t ON t.unit_id = u.id LEFT JOIN drivers d ON d.id = t.driver_id
          WHERE u.site_id = $1 AND ($2::int IS NULL OR u.id = $2) AND t.start_time >= $3 AND t.start_time < $4 AND t.kind = 'trip'
          ORDER BY t.start_time, t.unit_id`,
        values: [siteId, unitId, from, to],
      });
      return r.rows;
    },

    /**
     * Alerts of units in [from, to), oldest first; with spans, only those inside one of the unit's
     * spans (a driver's segments). `spans` maps a unit to its spans; units without spans take the whole interval.
     */
    async alertsOf(units: number[], from: Date, to: Date, spans?: Map<number, Spans>): Promise<AlertOfDayRow[]> {
      if (units.length === 0) return [];
      const r = await pool.query<AlertOfDayRow>({
        name: 'journeys-alerts',
        text: `SELECT a.id::text, a.kind, a.event, a.unit_id, u.registration, a.poi_id, p.name AS poi, a.happened_at, a.lat, a.lon, a.detail
          FROM alerts a JOIN units u ON u.id = a.unit_id LEFT JOIN poi p ON p.id = a.poi_id
          WHERE a.unit_id = ANY($1::int[]) AND a.happened_at >= $2 AND a.happened_at < $3
          ORDER BY a.happened_at, a.id`,
        values: [units, from, to],
      });
      if (!spans) return r.rows;
      return r.rows.filter((a) => {
        const s = spans.get(a.unit_id);
        if (!s) return false;
        const t = a.happened_at.getTime();
        return s.from.some((f, i) => t >= f.getTime() && t <= (s.to[i] as Date).getTime());
      });
    },

    /**
     * A unit's plausible positions in [from, to) (within spans when given) as one JSON text of
     * parallel arrays, built by PostgreSQL: a 1 Hz day (86,400 rows) becomes one string without a
     * JavaScript object per row. Ignition is the unit type's ignition element. Coordinates are
     * rounded to 6 decimals (about 10 cm): the digits below are the receiver's noise, which no
     * compression can shrink (a day's answer compresses to half the size without them).
     */
    async trackJson(unitId: number, from: Date, to: Date, ignitionIo: number, spans?: Spans): Promise<{ json: string; count: number }> {
      const r = await pool.query<{ json: string; count: number }>({
        name: spans ? 'journeys-track-spans' : 'journeys-track',
        // The rows are sorted once, narrow, in a subquery, and each array takes them in that order: an
        // ORDER BY inside each of the seven aggregates makes PostgreSQL before 16 sort the day seven
        // times (1.2 s instead of 0.4 s for a 1 Hz day on the machine's PostgreSQL 15 with 50M positions).
        text: `SELECT json_build_object(
            'id', coalesce(json_agg(p.id), '[]'), 't', coalesce(json_agg(p.t), '[]'),
            'lat', coalesce(json_agg(p.lat), '[]'), 'lon', coalesce(json_agg(p.lon), '[]'),
            'speed', coalesce(json_agg(p.speed), '[]'), 'angle', coalesce(json_agg(p.angle), '[]'), 'ign', coalesce(json_agg(p.ign), '[]')
          )::text AS json, count(*)::int AS count
          FROM (SELECT q.id::text AS id, (extract(epoch FROM q.device_time) * 1000)::bigint AS t,
              round(q.lat * 1e6) / 1e6 AS lat, round(q.lon * 1e6) / 1e6 AS lon, q.speed, q.angle,
              CASE WHEN jsonb_typeof(q.io -> $4) = 'number' THEN ((q.io ->> $4)::numeric <> 0)::int END AS ign
            FROM positions q
            WHERE q.unit_id = $1 AND q.device_time >= $2 AND q.device_time < $3 AND q.implausible IS NULL
            ${spans ? `AND ${IN_SPANS('q.device_time', '$5', '$6')}` : ''}
            ORDER BY q.device_time, q.event_io) p`,
        values: spans ? [unitId, from, to, String(ignitionIo), spans.from, spans.to] : [unitId, from, to, String(ignitionIo)],
      });
      return r.rows[0] ?? { json: '{"id":[],"t":[],"lat":[],"lon":[],"speed":[],"angle":[],"ign":[]}', count: 0 };
    },

    /** A unit's plausible positions in [from, to) as time and place only (a phone's check-ins), oldest first. */
    async checkins(unitId: number, from: Date, to: Date): Promise<Array<{ device_time: Date; lat: number; lon: number }>> {
      const r = await pool.query<{ device_time: Date; lat: number; lon: number }>({
        name: 'journeys-checkins',
        text: `SELECT device_time, lat, lon FROM positions
          WHERE unit_id = $1 AND device_time >= $2 AND device_time < $3 AND implausible IS NULL ORDER BY device_time, event_io`,
        values: [unitId, from, to],
      });
      return r.rows;
    },

    /**
     * One position of a unit by id and device time: the time is in the WHERE clause so a log
     * partitioned by device time reads one partition.
     */
    async position(unitId: number, id: string, deviceTime: Date): Promise<PositionRow | undefined> {
      const r = await pool.query<PositionRow>({
        name: 'journeys-position',
        text: `SELECT id::text, unit_id, device_time, received_at, lat, lon, altitude, angle, satellites, speed, priority, event_io,
            io, protocol, implausible
          FROM positions WHERE id = $1 AND device_time = $2 AND unit_id = $3`,
        values: [id, deviceTime, unitId],
      });
      return r.rows[0];
    },

    /**
     * Where a unit's ignition changed within [from, to]: each plausible position whose ignition
     * element differs from the one before (the last one before `from` included, so a change right
     * at the start counts).
     */
    async ignitionChanges(unitId: number, from: Date, to: Date, ignitionIo: number): Promise<Array<{ device_time: Date; lat: number; lon: number; on: boolean }>> {
      const r = await pool.query<{ device_time: Date; lat: number; lon: number; on: boolean }>({
        name: 'journeys-ignition',
        text: `WITH p AS (
            (SELECT device_time, event_io, lat, lon, (io ->> $4)::numeric <> 0 AS ign FROM positions
              WHERE unit_id = $1 AND device_time < $2 AND implausible IS NULL AND jsonb_typeof(io -> $4) = 'number'
              ORDER BY device_time DESC, event_io DESC LIMIT 1)
            UNION ALL
            (SELECT device_time, event_io, lat, lon, (io ->> $4)::numeric <> 0 FROM positions
              WHERE unit_id = $1 AND device_time >= $2 AND device_time <= $3 AND implausible IS NULL AND jsonb_typeof(io -> $4) = 'number'))
          SELECT device_time, lat, lon, ign AS on FROM (
            SELECT *, lag(ign) OVER (ORDER BY device_time, event_io) AS before FROM p) x
          WHERE before IS NOT NULL AND before <> ign AND device_time >= $2 ORDER BY device_time`,
        values: [unitId, from, to, String(ignitionIo)],
      });
      return r.rows;
    },
  };
}
export type JourneysRepository = ReturnType<typeof journeysRepository>;
