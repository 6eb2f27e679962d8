import type { ReportCell, ReportColumn, ReportResult, ReportRow, ReportRunSummary, RunReportBody } from '@fleet/shared';

/** A result as stored: its rows as arrays of cells in the order of its columns. */
export type PackedResult = Omit<ReportResult, 'rows'> & { rows: ReportCell[][] };

/** Turns a stored row (cells in column order) back into the row the schema names. */
export function unpacker(columns: readonly ReportColumn[]): (cells: ReportCell[]) => ReportRow {
  return (cells) => {
    const row: ReportRow = {};
    columns.forEach((c, i) => { row[c.key] = cells[i] ?? null; });
    return row;
  };
}
import { checkout } from '@fleet/db';
import type pg from 'pg';

interface RunRow {
  id: string; what: string; params: RunReportBody & { title?: string }; status: ReportRunSummary['status'];
  progress_done: number; progress_total: number; progress_text: string; row_count: number | null; error: string | null;
  created_at: Date; finished_at: Date | null; expires_at: Date;
}

const RUN = `id::text, what, params, status, progress_done, progress_total, progress_text, row_count, error, created_at, finished_at, expires_at`;

/** Rows written to a run's stored result per statement. */
const WRITE_ROWS = 20_000;

/** The message a run left unfinished by a restart ends with. */
export const RESTART_TEXT = 'The server restarted while this report ran: run it again.';

function summaryOf(r: RunRow): ReportRunSummary {
  return {
    id: Number(r.id), what: r.params.what, metric: r.params.metric, src: r.params.src, record: r.params.record,
    title: r.params.title ?? r.what, status: r.status,
    progress: { done: r.progress_done, total: r.progress_total, text: r.progress_text },
    rowCount: r.row_count, error: r.error, createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null, expiresAt: r.expires_at.toISOString(),
  };
}

/**
 * report_runs: a user's runs (every read names the user, so another user's run reads as missing),
 * their progress and result. The result's rows are paged in PostgreSQL (jsonb_array_elements), so a
 * poll of a big run sends a page, not the run.
 */
export function runsRepository(pool: pg.Pool) {
  return {
    async create(run: { siteId: number; userId: number | null; origin: string; body: RunReportBody; title: string; runner: string; keepHours: number }): Promise<number> {
      const r = await pool.query<{ id: string }>(
        `INSERT INTO report_runs (site_id, user_id, origin, what, params, runner, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7)) RETURNING id::text`,
        [run.siteId, run.userId, run.origin, run.body.what, { ...run.body, title: run.title }, run.runner, run.keepHours]);
      return Number(r.rows[0]!.id);
    },

    /** Runs of a user queued or running (the per-user limit). */
    async activeCount(userId: number): Promise<number> {
      const r = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_runs WHERE user_id = $1 AND status IN ('queued', 'running')`, [userId]);
      return r.rows[0]?.n ?? 0;
    },

    /** A user's kept runs on a site, newest first. */
    async list(userId: number, siteId: number): Promise<ReportRunSummary[]> {
      const r = await pool.query<RunRow>(
        `SELECT ${RUN} FROM report_runs WHERE user_id = $1 AND site_id = $2 AND origin = 'user' AND expires_at > now() ORDER BY report_runs.id DESC LIMIT 100`,
        [userId, siteId]);
      return r.rows.map(summaryOf);
    },

    async summary(userId: number, siteId: number, id: number): Promise<ReportRunSummary | undefined> {
      const r = await pool.query<RunRow>(`SELECT ${RUN} FROM report_runs WHERE id = $1 AND user_id = $2 AND site_id = $3 AND expires_at > now()`, [id, userId, siteId]);
      return r.rows[0] ? summaryOf(r.rows[0]) : undefined;
    },

    /** A done run's result with rows offset … offset+limit only, and its row count (the stored rows are arrays: see finish). */
    async resultPage(id: number, offset: number, limit: number): Promise<{ result: ReportResult; totalRows: number } | undefined> {
      // The rows are taken out once (a materialised value in memory), then indexed: a page of a
      // 120,000-row run does not walk the array.
      const r = await pool.query<{ head: Omit<ReportResult, 'rows'>; rows: ReportCell[][]; total: number }>(
        `WITH r AS MATERIALIZED (SELECT result - 'rows' AS head, result -> 'rows' AS rows FROM report_runs WHERE id = $1 AND result IS NOT NULL)
         SELECT r.head, jsonb_array_length(r.rows) AS total,
           coalesce((SELECT jsonb_agg(r.rows -> i ORDER BY i) FROM generate_series($2::int, $2::int + $3::int - 1) i
                      WHERE i < jsonb_array_length(r.rows)), '[]') AS rows
         FROM r`, [id, offset, limit]);
      const row = r.rows[0];
      return row ? { result: { ...row.head, rows: row.rows.map(unpacker(row.head.columns)) }, totalRows: row.total } : undefined;
    },

    /** A done run's result without its rows, and how many it has (the files read the rows with eachRows). */
    async head(id: number): Promise<{ head: Omit<ReportResult, 'rows'>; count: number } | undefined> {
      const r = await pool.query<{ head: Omit<ReportResult, 'rows'>; count: number }>(
        `SELECT result - 'rows' AS head, jsonb_array_length(result -> 'rows') AS count FROM report_runs WHERE id = $1 AND result IS NOT NULL`, [id]);
      return r.rows[0];
    },

    /**
     * A done run's rows in order, `batch` at a time, through a cursor: a file of 120,000 rows never
     * holds them all in this process (PostgreSQL walks the stored array).
     */
    async *eachRows(id: number, batch = 2000): AsyncGenerator<ReportCell[][]> {
      const client = await checkout(pool);
      let open = false;
      try {
        await client.query('BEGIN READ ONLY');
        open = true;
        // jsonb_array_elements yields the array in its order.
        await client.query(`DECLARE report_rows NO SCROLL CURSOR FOR
          SELECT e FROM report_runs, jsonb_array_elements(result -> 'rows') e WHERE id = $1`, [id]);
        for (;;) {
          const r = await client.query<{ e: ReportCell[] }>(`FETCH ${batch} FROM report_rows`);
          if (r.rows.length === 0) break;
          yield r.rows.map((x) => x.e);
        }
        await client.query('COMMIT');
        open = false;
      } finally {
        // Also when the reader stopped early (a PDF takes the first rows only) or failed.
        if (open) await client.query('ROLLBACK').catch(() => undefined);
        client.done();
      }
    },

    /** Asks a queued or running run to stop; false when it is finished already. */
    async requestCancel(id: number): Promise<boolean> {
      const r = await pool.query(`UPDATE report_runs SET cancel_requested = true WHERE id = $1 AND status IN ('queued', 'running')`, [id]);
      return (r.rowCount ?? 0) > 0;
    },

    async cancelRequested(id: number): Promise<boolean> {
      const r = await pool.query<{ c: boolean }>('SELECT cancel_requested AS c FROM report_runs WHERE id = $1', [id]);
      return r.rows[0]?.c ?? true;
    },

    async started(id: number): Promise<void> {
      await pool.query(`UPDATE report_runs SET status = 'running', started_at = now() WHERE id = $1 AND status = 'queued'`, [id]);
    },

    async progress(id: number, done: number, total: number, text: string): Promise<void> {
      await pool.query(`UPDATE report_runs SET progress_done = $2, progress_total = $3, progress_text = $4 WHERE id = $1 AND status = 'running'`, [id, done, total, text]);
    },

    /** The run's end: done with its result, or failed / cancelled with a reason. */
    async finish(id: number, end: { status: 'done'; result: ReportResult } | { status: 'failed' | 'cancelled'; error: string }): Promise<void> {
      if (end.status === 'done') {
        const { rows, ...head } = end.result;
        const pack = (row: ReportRow) => head.columns.map((c) => row[c.key] ?? null);
        // Rows are kept as arrays in column order (half the bytes of objects that repeat every key)
        // and written in parts: no one string of the whole result in this process.
        await pool.query('UPDATE report_runs SET result = $2::jsonb WHERE id = $1', [id, JSON.stringify({ ...head, rows: rows.slice(0, WRITE_ROWS).map(pack) })]);
        for (let i = WRITE_ROWS; i < rows.length; i += WRITE_ROWS) {
          await pool.query(`UPDATE report_runs SET result = jsonb_set(result, '{rows}', (result -> 'rows') || $2::jsonb) WHERE id = $1`,
            [id, JSON.stringify(rows.slice(i, i + WRITE_ROWS).map(pack))]);
        }
        await pool.query(
          `UPDATE report_runs SET status = 'done', row_count = $2, finished_at = now(), progress_done = progress_total, progress_text = 'Done'
            WHERE id = $1`, [id, rows.length]);
      } else {
        await pool.query(`UPDATE report_runs SET status = $2, error = $3, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
          [id, end.status, end.error]);
      }
    },

    /**
     * Runs that a gone runner left queued or running (`gone` tells, from the runner's name: see
     * lib/runner-name.ts): they will never finish, so they are failed with a reason the user reads.
     */
    async failLeftOver(gone: (runner: string | null) => boolean): Promise<number> {
      const r = await pool.query<{ runner: string | null }>(
        `SELECT DISTINCT runner FROM report_runs WHERE status IN ('queued', 'running') AND origin = 'user'`);
      const runners = r.rows.map((x) => x.runner).filter(gone);
      if (runners.length === 0) return 0;
      const failed = await pool.query(
        `UPDATE report_runs SET status = 'failed', error = $2, finished_at = now()
          WHERE status IN ('queued', 'running') AND origin = 'user' AND (runner = ANY($1::text[]) OR (runner IS NULL AND $3))`,
        [runners.filter((x) => x !== null), RESTART_TEXT, runners.includes(null)]);
      return failed.rowCount ?? 0;
    },

    /** Deletes runs past their expiry; answers how many. */
    async sweep(): Promise<number> {
      const r = await pool.query('DELETE FROM report_runs WHERE expires_at < now()');
      return r.rowCount ?? 0;
    },
  };
}
export type RunsRepository = ReturnType<typeof runsRepository>;
