import type pg from 'pg';

/** A vehicle a report works on. */
export interface ReportVehicle { id: number; registration: string }
export interface ReportDriver { id: number; name: string }
export interface ReportGroup { id: number; name: string; unitIds: number[] }

/** A trips row as reports read it (narrow: no positions, no place names). */
export interface ReportSegment {
  kind: 'trip' | 'stop'; unit_id: number; start_time: Date; end_time: Date; start_lat: number; start_lon: number; end_lat: number; end_lon: number;
  distance_m: number; driving_s: number; idle_s: number; max_speed: number; avg_speed: number; driver_id: number | null; driver: string | null;
}

export interface ReportAlert { id: string; kind: string; event: string; unit_id: number; poi_id: number | null; poi: string | null; happened_at: Date; detail: string; cleared_at: Date | null }
export interface ReportChecklist { id: string; unit_id: number; driver: string | null; operator: string; issue_count: number; mileage: number | null; reported_at: Date }
export interface ReportFault { id: string; unit_id: number; item: string; note: string; created_at: Date; dealt_at: Date | null }

/** The site facts every report prints: its name, zone, units and working hours. */
export interface ReportSite { id: number; name: string; timezone: string; unit_system: string; working_hours: unknown; settings?: unknown }

const SEGMENT = `t.kind, t.unit_id, t.start_time, t.end_time, t.start_lat, t.start_lon, t.end_lat, t.end_lon, t.distance_m, t.driving_s,
  t.idle_s, t.max_speed, t.avg_speed, t.driver_id, d.name AS driver`;

/**
 * The reads of the report kinds (trips, alerts, check lists of a site) and nothing else: every
 * query names the site, so an id of another site reads as missing.
 */
export function reportsRepository(pool: pg.Pool) {
  return {
    async site(siteId: number): Promise<ReportSite | undefined> {
      const r = await pool.query<ReportSite>('SELECT id, name, timezone, unit_system, working_hours, settings FROM sites WHERE id = $1', [siteId]);
      return r.rows[0];
    },

    /** The site's vehicles (all, or those of `ids`; an id not on the site is left out), by registration. */
    async vehicles(siteId: number, ids: number[] | null): Promise<ReportVehicle[]> {
      const r = await pool.query<ReportVehicle>(
        `SELECT id, registration FROM units WHERE site_id = $1 AND ($2::int[] IS NULL OR id = ANY($2::int[])) ORDER BY registration, id`,
        [siteId, ids]);
      return r.rows;
    },

    async drivers(siteId: number, ids: number[] | null): Promise<ReportDriver[]> {
      const r = await pool.query<ReportDriver>(
        `SELECT id, name FROM drivers WHERE site_id = $1 AND ($2::int[] IS NULL OR id = ANY($2::int[])) ORDER BY name, id`, [siteId, ids]);
      return r.rows;
    },

    /** The site's groups (all, or those of `ids`) with their vehicles. */
    async groups(siteId: number, ids: number[] | null): Promise<ReportGroup[]> {
      const r = await pool.query<{ id: number; name: string; unit_ids: number[] }>(
        `SELECT g.id, g.name, coalesce(array_agg(gu.unit_id ORDER BY gu.unit_id) FILTER (WHERE gu.unit_id IS NOT NULL), '{}') AS unit_ids
           FROM groups g LEFT JOIN group_units gu ON gu.group_id = g.id
          WHERE g.site_id = $1 AND ($2::int[] IS NULL OR g.id = ANY($2::int[])) GROUP BY g.id ORDER BY g.name, g.id`, [siteId, ids]);
      return r.rows.map((g) => ({ id: g.id, name: g.name, unitIds: g.unit_ids }));
    },

    /** Trips or stops (kind null: both) of one vehicle or one driver starting in [from, to), oldest first: one index range. */
    async segments(by: 'unit_id' | 'driver_id', id: number, kind: 'trip' | 'stop' | null, from: Date, to: Date): Promise<ReportSegment[]> {
      const r = await pool.query<ReportSegment>({
        name: `reports-segments-${by}`,
        text: `SELECT ${SEGMENT} FROM trips t LEFT JOIN drivers d ON d.id = t.driver_id
          WHERE t.${by} = $1 AND t.start_time >= $2 AND t.start_time < $3 AND ($4::text IS NULL OR t.kind = $4) ORDER BY t.start_time`,
        values: [id, from, to, kind],
      });
      return r.rows;
    },

    /** Alerts (of kinds, or all) of vehicles in [from, to), oldest first. */
    async alerts(unitIds: number[], kinds: string[] | null, from: Date, to: Date): Promise<ReportAlert[]> {
      const r = await pool.query<ReportAlert>({
        name: 'reports-alerts',
        text: `SELECT a.id::text, a.kind, a.event, a.unit_id, a.poi_id, p.name AS poi, a.happened_at, a.detail, a.cleared_at
          FROM alerts a LEFT JOIN poi p ON p.id = a.poi_id
          WHERE a.unit_id = ANY($1::int[]) AND a.happened_at >= $2 AND a.happened_at < $3 AND ($4::text[] IS NULL OR a.kind = ANY($4::text[]))
          ORDER BY a.happened_at, a.id`,
        values: [unitIds, from, to, kinds],
      });
      return r.rows;
    },

    /** Check lists completed in [from, to) on vehicles (or by a driver), oldest first. */
    async checklists(siteId: number, unitIds: number[] | null, driverId: number | null, from: Date, to: Date): Promise<ReportChecklist[]> {
      const r = await pool.query<ReportChecklist>({
        name: 'reports-checklists',
        text: `SELECT c.id::text, c.unit_id, d.name AS driver, c.operator, c.issue_count, c.mileage, c.reported_at
          FROM checklists c LEFT JOIN drivers d ON d.id = c.driver_id
          WHERE c.site_id = $1 AND ($2::int[] IS NULL OR c.unit_id = ANY($2::int[])) AND ($3::int IS NULL OR c.driver_id = $3)
            AND c.reported_at >= $4 AND c.reported_at < $5 ORDER BY c.reported_at, c.id`,
        values: [siteId, unitIds, driverId, from, to],
      });
      return r.rows;
    },

    /** Faults reported in [from, to) on vehicles (or on a driver's check lists), oldest first. */
    async faults(siteId: number, unitIds: number[] | null, driverId: number | null, from: Date, to: Date): Promise<ReportFault[]> {
      const r = await pool.query<ReportFault>({
        name: 'reports-faults',
        text: `SELECT f.id::text, f.unit_id, f.item, f.note, c.reported_at AS created_at, f.dealt_at
          FROM checklist_faults f JOIN checklists c ON c.id = f.checklist_id
          WHERE f.site_id = $1 AND ($2::int[] IS NULL OR f.unit_id = ANY($2::int[])) AND ($3::int IS NULL OR c.driver_id = $3)
            AND c.reported_at >= $4 AND c.reported_at < $5 ORDER BY c.reported_at, f.id`,
        values: [siteId, unitIds, driverId, from, to],
      });
      return r.rows;
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
