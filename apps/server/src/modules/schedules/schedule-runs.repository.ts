import { latestDueAtOrBefore, nextDueAt } from '@fleet/shared';
import { checkout } from '@fleet/db';
import type pg from 'pg';
import { frequencyOf, type ScheduleRow } from './schedules.repository.ts';

/**
 * The scheduler's state machine over scheduled_report_runs (docs/decisions.md, "Scheduled reports"):
 *
 *   claim ─► running (attempts 0, leased) ─► running (attempts n+1: a mail being handed over) ─► sent
 *                                                       │                                      └► retrying ─► (leased, made again) ─► running …
 *                                                       └► failed (out of attempts, no SMTP, the report failed)
 *
 * A worker holds a run by its lease: `lease_until` is both the deadline and the holder's token
 * (every write names the value the holder set). A run whose lease ran out is taken over, except one
 * whose mail was being handed over (running with attempts > 0): whether the mail server took it is
 * unknown, so it is marked failed and never sent again.
 */

/** What a worker needs to make and mail one run. */
export interface RunJob extends ScheduleRow {
  run_id: number;
  due_at: Date;
  attempts: number;
  sender: string;
  brand_name: string;
  site_name: string;
}

/** The outcome text of a run whose worker stopped while its mail was being handed to the mail server. */
export const OUTCOME_UNKNOWN =
  'The server stopped while this report was being handed to the mail server: it may have been delivered, so it was not sent again.';

export function scheduleRunsRepository(pool: pg.Pool) {
  return {
    /**
     * Claims the due runs of enabled schedules at `now`: one run per schedule (its latest due time,
     * when several were missed), leased until `lease`, and moves each schedule's next run on.
     * The (schedule, due time) key makes a second claim of the same run impossible.
     */
    async claimDue(now: Date, lease: Date, limit = 20): Promise<number[]> {
      const client = await checkout(pool);
      try {
        await client.query('BEGIN');
        const due = await client.query<ScheduleRow>(
          `SELECT r.id, r.frequency, r.params, r.at_time, r.weekday, r.month_day, r.next_run_at, s.timezone
             FROM scheduled_reports r JOIN sites s ON s.id = r.site_id
            WHERE r.enabled AND r.next_run_at <= $1 ORDER BY r.next_run_at LIMIT $2 FOR UPDATE OF r SKIP LOCKED`, [now, limit]);
        const claimed: number[] = [];
        const nowS = Math.floor(now.getTime() / 1000);
        for (const row of due.rows) {
          const when = { frequency: frequencyOf(row), at: row.at_time, weekday: row.weekday, monthDay: row.month_day };
          const dueAt = latestDueAtOrBefore(when, row.next_run_at.getTime() / 1000, nowS, row.timezone);
          const next = nextDueAt(when, nowS, row.timezone);
          const run = await client.query<{ id: number }>(
            `INSERT INTO scheduled_report_runs (schedule_id, due_at, status, lease_until, started_at) VALUES ($1, $2, 'running', $3, $4)
             ON CONFLICT (schedule_id, due_at) DO NOTHING RETURNING id::int AS id`, [row.id, new Date(dueAt * 1000), lease, now]);
          await client.query('UPDATE scheduled_reports SET next_run_at = $2 WHERE id = $1', [row.id, new Date(next * 1000)]);
          if (run.rows[0]) claimed.push(run.rows[0].id);
        }
        await client.query('COMMIT');
        return claimed;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.done();
      }
    },

    /**
     * Runs left by a worker whose lease ran out: one caught handing its mail over is failed (never
     * sent again); one that had not yet sent, and retries whose time has come, are leased to the caller.
     */
    async takeOver(now: Date, lease: Date, limit = 20): Promise<{ leased: number[]; unknown: number[] }> {
      const unknown = await pool.query<{ id: number }>(
        `UPDATE scheduled_report_runs SET status = 'failed', error = $2, finished_at = $1, lease_until = NULL
          WHERE status = 'running' AND attempts > 0 AND lease_until < $1 RETURNING id::int AS id`, [now, OUTCOME_UNKNOWN]);
      const leased = await pool.query<{ id: number }>(
        `UPDATE scheduled_report_runs SET lease_until = $2 WHERE id IN (
           SELECT id FROM scheduled_report_runs
            WHERE (status = 'running' AND attempts = 0 AND lease_until < $1)
               OR (status = 'retrying' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until < $1))
            ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING id::int AS id`, [now, lease, limit]);
      return { leased: leased.rows.map((r) => r.id), unknown: unknown.rows.map((r) => r.id) };
    },

    /** Everything a worker needs for a run it holds (null: the schedule was deleted meanwhile). */
    async job(runId: number): Promise<RunJob | null> {
      const r = await pool.query<RunJob>(
        `SELECT r.id, r.site_id, r.name, r.what, r.params, r.format, r.frequency, r.at_time, r.weekday, r.month_day, r.recipients,
                r.enabled, r.next_run_at, s.timezone, s.name AS site_name, b.sender_address AS sender, b.name AS brand_name,
                x.id::int AS run_id, x.due_at, x.attempts
           FROM scheduled_report_runs x JOIN scheduled_reports r ON r.id = x.schedule_id JOIN sites s ON s.id = r.site_id
           JOIN customers c ON c.id = s.customer_id JOIN brands b ON b.id = c.brand_id
          WHERE x.id = $1`, [runId]);
      return r.rows[0] ?? null;
    },

    /** Moves the holder's lease on; false when the run is no longer theirs. */
    async renew(runId: number, token: Date, lease: Date): Promise<boolean> {
      const r = await pool.query('UPDATE scheduled_report_runs SET lease_until = $3 WHERE id = $1 AND lease_until = $2', [runId, token, lease]);
      return r.rowCount === 1;
    },

    /**
     * Records that a mail attempt starts (committed before the mail server is spoken to): from here
     * until its outcome is recorded, a takeover never sends this run again.
     */
    async startAttempt(runId: number, token: Date, lease: Date): Promise<boolean> {
      const r = await pool.query(
        `UPDATE scheduled_report_runs SET status = 'running', attempts = attempts + 1, next_attempt_at = NULL, lease_until = $3
          WHERE id = $1 AND lease_until = $2 AND status IN ('running', 'retrying')`, [runId, token, lease]);
      return r.rowCount === 1;
    },

    /** The mail server accepted the mail. */
    async recordSent(runId: number, token: Date, messageId: string, now: Date): Promise<boolean> {
      const r = await pool.query(
        `UPDATE scheduled_report_runs SET status = 'sent', message_id = $3, sent_at = $4, finished_at = $4, error = NULL, lease_until = NULL
          WHERE id = $1 AND lease_until = $2`, [runId, token, messageId, now]);
      return r.rowCount === 1;
    },

    /** A failed attempt: retried at `retryAt`, or (null) the run is failed for good. */
    async recordFailure(runId: number, token: Date, error: string, now: Date, retryAt: Date | null): Promise<boolean> {
      const r = await pool.query(
        `UPDATE scheduled_report_runs SET status = $5, error = $3, next_attempt_at = $6, finished_at = CASE WHEN $6::timestamptz IS NULL THEN $4::timestamptz END,
           lease_until = NULL WHERE id = $1 AND lease_until = $2`,
        [runId, token, error.slice(0, 1000), now, retryAt ? 'retrying' : 'failed', retryAt]);
      return r.rowCount === 1;
    },
  };
}
export type ScheduleRunsRepository = ReturnType<typeof scheduleRunsRepository>;
