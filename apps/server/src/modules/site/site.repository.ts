import { DEFAULT_WORKING_HOURS, type UnitSystem, unitSystemOf, workingHoursSchema, type WorkingHours } from '@fleet/shared';
import type pg from 'pg';

/** A unit's service plan and the readings it is measured against. */
export interface ServiceDueRow {
  unit_id: number; site_id: number; registration: string; due_date: string | null; due_km: number | null; due_hours: number | null;
  km: number | null; hours: number | null; lat: number | null; lon: number | null;
}

/** A unit's service plan and the readings it is measured against (CAN total distance, else the odometer). */
const PLAN_COLUMNS = `u.id AS unit_id, u.site_id, u.registration, u.service_due_date::text AS due_date, u.service_due_km AS due_km,
    u.service_due_hours AS due_hours, coalesce(s.total_distance, s.odometer) AS km, s.engine_hours AS hours, s.lat, s.lon`;
const PLAN_FROM = 'FROM units u LEFT JOIN unit_state s ON s.unit_id = u.id';

/** The Servicing rule (docs/decisions.md): due as soon as the date, the km or the engine hours is reached. */
const DUE = `(u.service_due_date <= current_date
  OR (u.service_due_km IS NOT NULL AND coalesce(s.total_distance, s.odometer) >= u.service_due_km)
  OR (u.service_due_hours IS NOT NULL AND s.engine_hours >= u.service_due_hours))`;

/** How long a site's unit system is trusted before it is read again (a change made here is seen at once). */
export const UNIT_SYSTEM_TTL_MS = 5_000;

/**
 * A site's settings: on its sites row the message and the working hours, on its units the service
 * plans (the service_due_* columns). Service plans are bounded by the caller's site ids.
 */
export function siteRepository(pool: pg.Pool, opts: { unitSystemTtlMs?: number } = {}) {
  // Every vehicles answer and alert text reads its site's unit system: kept a few seconds, and
  // forgotten at once when this process changes it.
  const systemTtlMs = opts.unitSystemTtlMs ?? UNIT_SYSTEM_TTL_MS;
  const systemCache = new Map<number, { at: number; system: UnitSystem }>();
  /** Bumped by every change or forget: a read under way then does not go into the cache. */
  let systemGeneration = 0;
  return {
    /** A site's unit system (issue 10); the default for a site that does not exist. */
    async unitSystem(siteId: number): Promise<UnitSystem> {
      const known = systemCache.get(siteId);
      if (known && Date.now() - known.at < systemTtlMs) return known.system;
      const started = systemGeneration;
      const r = await pool.query<{ unit_system: string }>({ name: 'site-unit-system', text: 'SELECT unit_system FROM sites WHERE id = $1', values: [siteId] });
      const system = unitSystemOf(r.rows[0]?.unit_system);
      if (started === systemGeneration) systemCache.set(siteId, { at: Date.now(), system });
      return system;
    },
    /** Drops a site's cached unit system (every site's when none is named): another api node changed it (issue 17). */
    forgetUnitSystem(siteId?: number): void {
      systemGeneration += 1;
      if (siteId === undefined) systemCache.clear();
      else systemCache.delete(siteId);
    },
    async setUnitSystem(siteId: number, system: UnitSystem): Promise<void> {
      await pool.query('UPDATE sites SET unit_system = $2 WHERE id = $1', [siteId, system]);
      systemGeneration += 1;
      systemCache.delete(siteId);
    },

    async message(siteId: number): Promise<string | undefined> {
      const r = await pool.query<{ message: string }>('SELECT message FROM sites WHERE id = $1', [siteId]);
      return r.rows[0]?.message;
    },
    async setMessage(siteId: number, message: string): Promise<void> {
      await pool.query('UPDATE sites SET message = $2 WHERE id = $1', [siteId, message]);
    },

    /** A site's working hours (stored hours that do not parse count as the default ones) and its time zone. */
    async workingHours(siteId: number): Promise<{ hours: WorkingHours; timezone: string } | null> {
      const r = await pool.query<{ hours: unknown; timezone: string }>('SELECT working_hours AS hours, timezone FROM sites WHERE id = $1', [siteId]);
      const row = r.rows[0];
      return row ? { hours: storedWorkingHours(row.hours), timezone: row.timezone } : null;
    },
    async setWorkingHours(siteId: number, hours: { days: number[]; start: string; end: string }): Promise<void> {
      await pool.query('UPDATE sites SET working_hours = $2::jsonb WHERE id = $1', [siteId, JSON.stringify(hours)]);
    },

    /**
     * Units due for service (date, odometer or engine hours reached), with why: the dashboard's
     * Servicing count and list. A named statement (every open dashboard reads it; issue 8).
     */
    async serviceDue(siteIds: number[]): Promise<ServiceDueRow[]> {
      const r = await pool.query<ServiceDueRow>({ name: 'site-service-due', text: `SELECT ${PLAN_COLUMNS} ${PLAN_FROM}
        WHERE u.site_id = ANY($1::int[]) AND u.removed_at IS NULL AND ${DUE} ORDER BY u.registration`, values: [siteIds] });
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
  };
}
export type SiteRepository = ReturnType<typeof siteRepository>;

/**
 * Each site's working hours and time zone (stored hours that do not parse count as the default
 * ones), read through the caller's client: the events processor reads them inside its transaction.
 */
export async function workingHoursOfSites(client: pg.ClientBase, siteIds: readonly number[]): Promise<Map<number, { tz: string; hours: WorkingHours }>> {
  const r = await client.query<{ id: number; timezone: string; working_hours: unknown }>(
    'SELECT id, timezone, working_hours FROM sites WHERE id = ANY($1::int[])', [siteIds]);
  return new Map(r.rows.map((x) => {
    return [x.id, { tz: x.timezone, hours: storedWorkingHours(x.working_hours) }] as const;
  }));
}

/** Working hours as stored on a site; what does not parse counts as the default hours. */
function storedWorkingHours(raw: unknown): WorkingHours {
  const parsed = workingHoursSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_WORKING_HOURS;
}
