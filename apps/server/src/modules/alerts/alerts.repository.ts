import type pg from 'pg';
import { ALARM_KINDS, openAlarmSql } from './alarm.ts';

export interface AlertRow {
  id: string; kind: string; event: string; unit_id: number; site_id: number; registration: string; poi: string | null;
  happened_at: Date; lat: number; lon: number; detail: string; cleared_at: Date | null; cleared_by: string | null;
}

/** An alert a clear call closed (it was open until then). */
export interface ClearedRow { id: string; kind: string; unit_id: number; site_id: number }

export interface ServiceDueRow {
  unit_id: number; registration: string; due_date: string | null; due_km: number | null; due_hours: number | null;
  km: number | null; hours: number | null; lat: number | null; lon: number | null;
}

const SELECT = `SELECT a.id::text, a.kind, a.event, a.unit_id, a.site_id, u.registration, p.name AS poi, a.happened_at, a.lat, a.lon,
    a.detail, a.cleared_at, cu.name AS cleared_by
  FROM alerts a JOIN units u ON u.id = a.unit_id LEFT JOIN poi p ON p.id = a.poi_id LEFT JOIN users cu ON cu.id = a.cleared_by`;

/** A unit's service plan and the readings it is measured against (CAN total distance, else the odometer). */
const PLAN_COLUMNS = `u.id AS unit_id, u.registration, u.service_due_date::text AS due_date, u.service_due_km AS due_km,
    u.service_due_hours AS due_hours, coalesce(s.total_distance, s.odometer) AS km, s.engine_hours AS hours, s.lat, s.lon`;
const PLAN_FROM = 'FROM units u LEFT JOIN unit_state s ON s.unit_id = u.id';

/** The Servicing rule (docs/decisions.md): due as soon as the date, the km or the engine hours is reached. */
const DUE = `(u.service_due_date <= current_date
  OR (u.service_due_km IS NOT NULL AND coalesce(s.total_distance, s.odometer) >= u.service_due_km)
  OR (u.service_due_hours IS NOT NULL AND s.engine_hours >= u.service_due_hours))`;

/**
 * Reads and clears alerts; every query is bounded by the caller's site ids. The dashboard's reads
 * (dashalerts, every open page) are named statements: PostgreSQL parses them once per connection
 * and, after a few calls, plans them once too; planning was most of their cost (issue 8).
 */
export function alertsRepository(pool: pg.Pool) {
  return {
    async open(siteIds: number[], kinds: string[]): Promise<AlertRow[]> {
      const r = await pool.query<AlertRow>({ name: 'alerts-open', text: `${SELECT} WHERE a.site_id = ANY($1::int[]) AND a.kind = ANY($2::text[]) AND a.cleared_at IS NULL
        ORDER BY a.happened_at DESC LIMIT 500`, values: [siteIds, kinds] });
      return r.rows;
    },

    async list(siteIds: number[], kind: string, opts: { id?: number; openOnly: boolean }): Promise<AlertRow[]> {
      const r = await pool.query<AlertRow>(`${SELECT} WHERE a.site_id = ANY($1::int[]) AND a.kind = $2
        AND ($3::bigint IS NULL OR a.id = $3) AND (NOT $4 OR a.cleared_at IS NULL) ORDER BY a.happened_at DESC LIMIT 500`,
        [siteIds, kind, opts.id ?? null, opts.openOnly]);
      return r.rows;
    },

    async counts(siteIds: number[]): Promise<Record<string, number>> {
      const r = await pool.query<{ kind: string; n: number }>({ name: 'alerts-counts',
        text: 'SELECT kind, count(*)::int AS n FROM alerts WHERE site_id = ANY($1::int[]) AND cleared_at IS NULL GROUP BY kind', values: [siteIds] });
      return Object.fromEntries(r.rows.map((x) => [x.kind, x.n]));
    },

    /**
     * Clears one alert of the caller's sites (of `kind`, when given): the alerts it closed (none when
     * it was cleared already), or null when there is no such alert there.
     */
    async clearOne(siteIds: number[], kind: string | null, id: number, userId: number): Promise<ClearedRow[] | null> {
      const r = await pool.query<ClearedRow>(`UPDATE alerts SET cleared_at = now(), cleared_by = $4
        WHERE id = $3 AND ($2::text IS NULL OR kind = $2) AND site_id = ANY($1::int[]) AND cleared_at IS NULL
        RETURNING id::text, kind, unit_id, site_id`, [siteIds, kind, id, userId]);
      if (r.rows.length > 0) return r.rows;
      const known = await pool.query(`SELECT 1 FROM alerts WHERE id = $3 AND ($2::text IS NULL OR kind = $2) AND site_id = ANY($1::int[])`,
        [siteIds, kind, id]);
      return known.rowCount === 0 ? null : [];
    },

    /** Clears a unit's open alerts of some kinds: those it closed, or null when the unit is not on the caller's sites. */
    async clearUnit(siteIds: number[], kinds: string[], unitId: number, userId: number): Promise<ClearedRow[] | null> {
      const unit = await pool.query('SELECT 1 FROM units WHERE id = $1 AND site_id = ANY($2::int[])', [unitId, siteIds]);
      if (unit.rowCount === 0) return null;
      const r = await pool.query<ClearedRow>(`UPDATE alerts SET cleared_at = now(), cleared_by = $3
        WHERE unit_id = $1 AND kind = ANY($2::text[]) AND cleared_at IS NULL RETURNING id::text, kind, unit_id, site_id`,
        [unitId, kinds, userId]);
      return r.rows;
    },

    /** Units due for service (date, odometer or engine hours reached), with why. */
    async serviceDue(siteIds: number[]): Promise<ServiceDueRow[]> {
      const r = await pool.query<ServiceDueRow>({ name: 'alerts-service-due', text: `SELECT ${PLAN_COLUMNS} ${PLAN_FROM}
        WHERE u.site_id = ANY($1::int[]) AND ${DUE} ORDER BY u.registration`, values: [siteIds] });
      return r.rows;
    },

    async setServicePlan(siteIds: number[], unitId: number, plan: { date?: string | null; km?: number | null; hours?: number | null }): Promise<boolean> {
      const r = await pool.query(`UPDATE units SET
          service_due_date = CASE WHEN $3 THEN $4::date ELSE service_due_date END,
          service_due_km = CASE WHEN $5 THEN $6::float8 ELSE service_due_km END,
          service_due_hours = CASE WHEN $7 THEN $8::float8 ELSE service_due_hours END
        WHERE id = $2 AND site_id = ANY($1::int[])`,
        [siteIds, unitId, plan.date !== undefined, plan.date ?? null, plan.km !== undefined, plan.km ?? null, plan.hours !== undefined, plan.hours ?? null]);
      return (r.rowCount ?? 0) > 0;
    },

    /** One unit's plan and whether it is due now; null when the unit is not on the caller's sites. */
    async servicePlan(siteIds: number[], unitId: number): Promise<(ServiceDueRow & { due: boolean }) | null> {
      const r = await pool.query<ServiceDueRow & { due: boolean }>(`SELECT ${PLAN_COLUMNS}, coalesce(${DUE}, false) AS due ${PLAN_FROM}
        WHERE u.id = $2 AND u.site_id = ANY($1::int[])`, [siteIds, unitId]);
      return r.rows[0] ?? null;
    },

    /** A site's working hours as stored (the route validates them) and its time zone. */
    async workingHours(siteId: number): Promise<{ hours: unknown; timezone: string } | null> {
      const r = await pool.query<{ hours: unknown; timezone: string }>('SELECT working_hours AS hours, timezone FROM sites WHERE id = $1', [siteId]);
      return r.rows[0] ?? null;
    },

    async setWorkingHours(siteId: number, hours: { days: number[]; start: string; end: string }): Promise<void> {
      await pool.query('UPDATE sites SET working_hours = $2::jsonb WHERE id = $1', [siteId, JSON.stringify(hours)]);
    },

    /** Which of these units have an open alarm (alarm.ts). */
    async alarmedUnits(unitIds: number[]): Promise<Set<number>> {
      const r = await pool.query<{ unit_id: number }>(
        `SELECT DISTINCT x AS unit_id FROM unnest($1::int[]) x WHERE ${openAlarmSql('x', '$2')}`, [unitIds, ALARM_KINDS]);
      return new Set(r.rows.map((row) => row.unit_id));
    },

    async describe(ids: number[]): Promise<AlertRow[]> {
      const r = await pool.query<AlertRow>(`${SELECT} WHERE a.id = ANY($1::bigint[])`, [ids]);
      return r.rows;
    },
  };
}
export type AlertsRepository = ReturnType<typeof alertsRepository>;
