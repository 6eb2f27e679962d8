import type { ReportFormat, ReportKind, ReportMetric, ScheduleFrequency, ScheduleOptions, ScheduleRange } from '@fleet/shared';
import type pg from 'pg';

/**
 * What a schedule keeps in `params` (scheduled_reports.params): the report's grouping and ids, the
 * relative range, its options, and whether a daily schedule skips the weekend (the table's
 * frequency column knows daily, weekly and monthly; "weekdays" is daily with `weekdaysOnly`).
 */
export interface ScheduleParams {
  metric: ReportMetric;
  src: number[];
  range: ScheduleRange;
  options: ScheduleOptions;
  weekdaysOnly?: boolean;
}

/** A schedule as stored, with its site's zone. */
export interface ScheduleRow {
  id: number;
  site_id: number;
  name: string;
  what: ReportKind;
  params: ScheduleParams;
  format: ReportFormat;
  frequency: 'daily' | 'weekly' | 'monthly';
  at_time: string;
  weekday: number | null;
  month_day: number | null;
  recipients: string[];
  enabled: boolean;
  next_run_at: Date;
  timezone: string;
}

/** A run as its log shows it. */
export interface RunRow {
  id: number;
  schedule_id: number;
  due_at: Date;
  status: 'running' | 'retrying' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date | null;
  error: string | null;
  started_at: Date;
  sent_at: Date | null;
  finished_at: Date | null;
}

/** The schedule fields a save writes. */
export interface ScheduleInput {
  name: string;
  what: ReportKind;
  params: ScheduleParams;
  format: ReportFormat;
  frequency: ScheduleFrequency;
  at: string;
  weekday: number | null;
  monthDay: number | null;
  recipients: string[];
  enabled: boolean;
  nextRunAt: Date;
}

const SCHEDULE = `SELECT r.id, r.site_id, r.name, r.what, r.params, r.format, r.frequency, r.at_time, r.weekday, r.month_day,
  r.recipients, r.enabled, r.next_run_at, s.timezone FROM scheduled_reports r JOIN sites s ON s.id = r.site_id`;
const RUN = `id::int AS id, schedule_id, due_at, status, attempts, next_attempt_at, error, started_at, sent_at, finished_at`;

const SRC_TABLE: Record<Exclude<ReportMetric, 'site'>, string> = { vehicle: 'units', group: 'groups', driver: 'drivers' };

/** The schedules of a site; every statement names the site, so another site's schedule reads as missing. */
export function schedulesRepository(pool: pg.Pool) {
  const dbFrequency = (f: ScheduleFrequency) => (f === 'weekdays' ? 'daily' : f);
  return {
    /** The site's zone (null: no such site). */
    async zoneOf(siteId: number): Promise<string | null> {
      const r = await pool.query<{ timezone: string }>('SELECT timezone FROM sites WHERE id = $1', [siteId]);
      return r.rows[0]?.timezone ?? null;
    },
    /** Ids of `src` that are not a vehicle, group or driver (per `metric`) of the site. */
    async notOnSite(siteId: number, metric: ReportMetric, src: number[]): Promise<number[]> {
      if (metric === 'site' || src.length === 0) return [];
      const r = await pool.query<{ id: number }>(
        `SELECT x AS id FROM unnest($2::int[]) x WHERE NOT EXISTS (SELECT 1 FROM ${SRC_TABLE[metric]} t WHERE t.id = x AND t.site_id = $1)`,
        [siteId, src]);
      return r.rows.map((x) => x.id);
    },
    async list(siteId: number): Promise<Array<ScheduleRow & { last: RunRow | null }>> {
      const r = await pool.query<ScheduleRow & { last: RunRow | null }>(
        `${SCHEDULE.replace(' FROM', `, (SELECT row_to_json(x) FROM (SELECT ${RUN} FROM scheduled_report_runs WHERE schedule_id = r.id
          ORDER BY due_at DESC LIMIT 1) x) AS last FROM`)} WHERE r.site_id = $1 ORDER BY lower(r.name), r.id`, [siteId]);
      // row_to_json gives the run's times as text.
      return r.rows.map((row) => ({ ...row, last: row.last ? reviveRun(row.last) : null }));
    },
    async get(siteId: number, id: number): Promise<ScheduleRow | null> {
      const r = await pool.query<ScheduleRow>(`${SCHEDULE} WHERE r.id = $1 AND r.site_id = $2`, [id, siteId]);
      return r.rows[0] ?? null;
    },
    async insert(siteId: number, userId: number, s: ScheduleInput): Promise<number> {
      const r = await pool.query<{ id: number }>(
        `INSERT INTO scheduled_reports (site_id, user_id, name, what, params, format, frequency, at_time, weekday, month_day, recipients, enabled, next_run_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [siteId, userId, s.name, s.what, JSON.stringify(s.params), s.format, dbFrequency(s.frequency), s.at, s.weekday, s.monthDay,
          JSON.stringify(s.recipients), s.enabled, s.nextRunAt]);
      return r.rows[0]!.id;
    },
    /** Changes one of the site's schedules; false when it has no such schedule. */
    async update(siteId: number, id: number, s: ScheduleInput): Promise<boolean> {
      const r = await pool.query(
        `UPDATE scheduled_reports SET name = $3, what = $4, params = $5, format = $6, frequency = $7, at_time = $8, weekday = $9, month_day = $10,
           recipients = $11, enabled = $12, next_run_at = $13, updated_at = now() WHERE id = $1 AND site_id = $2`,
        [id, siteId, s.name, s.what, JSON.stringify(s.params), s.format, dbFrequency(s.frequency), s.at, s.weekday, s.monthDay,
          JSON.stringify(s.recipients), s.enabled, s.nextRunAt]);
      return r.rowCount === 1;
    },
    /** Deletes one of the site's schedules and its run log; false when it has no such schedule. */
    async remove(siteId: number, id: number): Promise<boolean> {
      const r = await pool.query('DELETE FROM scheduled_reports WHERE id = $1 AND site_id = $2', [id, siteId]);
      return r.rowCount === 1;
    },
    /** The names of the site's schedules that report on one vehicle, group or driver (config lists refuse its delete). */
    async using(siteId: number, metric: ReportMetric, id: number): Promise<string[]> {
      const r = await pool.query<{ name: string }>(
        `SELECT name FROM scheduled_reports WHERE site_id = $1 AND params->>'metric' = $2 AND params->'src' @> $3::jsonb ORDER BY lower(name)`,
        [siteId, metric, JSON.stringify([id])]);
      return r.rows.map((x) => x.name);
    },
    /** A schedule's 100 newest runs, newest first. */
    async runs(scheduleId: number): Promise<RunRow[]> {
      const r = await pool.query<RunRow>(`SELECT ${RUN} FROM scheduled_report_runs WHERE schedule_id = $1 ORDER BY due_at DESC, id DESC LIMIT 100`, [scheduleId]);
      return r.rows;
    },
  };
}
export type SchedulesRepository = ReturnType<typeof schedulesRepository>;

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function reviveRun(j: RunRow): RunRow {
  return {
    ...j, due_at: new Date(j.due_at), started_at: new Date(j.started_at),
    next_attempt_at: date(j.next_attempt_at), sent_at: date(j.sent_at), finished_at: date(j.finished_at),
  };
}

/** The wire frequency of a stored schedule. */
export function frequencyOf(row: Pick<ScheduleRow, 'frequency' | 'params'>): ScheduleFrequency {
  return row.frequency === 'daily' && row.params.weekdaysOnly ? 'weekdays' : row.frequency;
}
