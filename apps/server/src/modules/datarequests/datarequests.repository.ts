import type pg from 'pg';
import type { DataRequestStatus } from '@fleet/shared';

export interface DataRequestRow {
  id: number;
  site_id: number;
  user_id: number | null;
  user_name: string;
  from_day: string;
  to_day: string;
  status: DataRequestStatus;
  progress_done: number;
  progress_total: number;
  progress_text: string;
  file_name: string | null;
  bytes: number | null;
  row_count: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
  /** The runner that queued or prepares it (lib/runner-name.ts); null in rows written before issue 17. */
  runner: string | null;
}

export interface AuditRow {
  request_id: number;
  action: string;
  user_name: string;
  ip: string | null;
  detail: Record<string, unknown> | null;
  at: Date;
}

/** Who did something to a request: a user (with the client's address for downloads) or the server itself. */
export interface Actor { userId: number | null; userName: string; ip?: string | null }
export const SYSTEM: Actor = { userId: null, userName: 'system' };

/** Finished states: nothing more happens to such a request. */
const DONE = `('failed', 'cancelled', 'expired')`;

const COLUMNS = `id::int, site_id, user_id, user_name, to_char(from_day, 'YYYY-MM-DD') AS from_day, to_char(to_day, 'YYYY-MM-DD') AS to_day,
  status, progress_done::float8 AS progress_done, progress_total::float8 AS progress_total, progress_text, file_name,
  bytes::float8 AS bytes, row_count::float8 AS row_count, error, created_at, finished_at, expires_at, runner`;

/** The data_requests and data_request_audit tables (this module owns them). */
export function dataRequestsRepository(pool: pg.Pool) {
  async function audit(requestId: number, action: string, by: Actor, detail?: Record<string, unknown>): Promise<void> {
    await pool.query(
      'INSERT INTO data_request_audit (request_id, action, user_id, user_name, ip, detail) VALUES ($1, $2, $3, $4, $5, $6)',
      [requestId, action, by.userId, by.userName, by.ip ?? null, detail ? JSON.stringify(detail) : null]);
  }

  return {
    audit,

    /** Requests of the site not yet finished (queued or running). */
    async activeCount(siteId: number): Promise<number> {
      const r = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM data_requests WHERE site_id = $1 AND status IN ('queued', 'running')`, [siteId]);
      return r.rows[0]?.n ?? 0;
    },

    /** A new queued request, audited 'requested'; `runner` is the one whose queue it goes into (a node's, issue 17). */
    async create(siteId: number, from: string, to: string, by: Actor, runner: string | null = null): Promise<number> {
      const r = await pool.query<{ id: number }>(
        `INSERT INTO data_requests (site_id, user_id, user_name, from_day, to_day, runner) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int`,
        [siteId, by.userId, by.userName, from, to, runner]);
      const id = (r.rows[0] as { id: number }).id;
      await audit(id, 'requested', by, { from, to });
      return id;
    },

    /** One request of the site, or undefined (another site's reads as missing). */
    async get(siteId: number, id: number): Promise<DataRequestRow | undefined> {
      const r = await pool.query<DataRequestRow>(`SELECT ${COLUMNS} FROM data_requests WHERE id = $1 AND site_id = $2`, [id, siteId]);
      return r.rows[0];
    },

    /** A request by id alone, for the runner. */
    async byId(id: number): Promise<DataRequestRow | undefined> {
      const r = await pool.query<DataRequestRow>(`SELECT ${COLUMNS} FROM data_requests WHERE id = $1`, [id]);
      return r.rows[0];
    },

    /** The site's newest requests with their audit lines, oldest line first. */
    async list(siteId: number, limit = 50): Promise<Array<DataRequestRow & { audit: AuditRow[] }>> {
      const r = await pool.query<DataRequestRow>(
        `SELECT ${COLUMNS} FROM data_requests WHERE site_id = $1 ORDER BY id DESC LIMIT $2`, [siteId, limit]);
      if (r.rows.length === 0) return [];
      const a = await pool.query<AuditRow>(
        `SELECT request_id::int AS request_id, action, user_name, ip, detail, at FROM data_request_audit
          WHERE request_id = ANY($1::bigint[]) ORDER BY id`, [r.rows.map((x) => x.id)]);
      const byRequest = new Map<number, AuditRow[]>();
      for (const line of a.rows) {
        const list = byRequest.get(line.request_id) ?? [];
        list.push(line);
        byRequest.set(line.request_id, list);
      }
      return r.rows.map((x) => ({ ...x, audit: byRequest.get(x.id) ?? [] }));
    },

    /** queued → running, with the file it will write; false when it is no longer queued (cancelled). */
    async start(id: number, runner: string, fileName: string): Promise<boolean> {
      const r = await pool.query(
        `UPDATE data_requests SET status = 'running', runner = $2, file_name = $3, progress_text = 'Starting'
          WHERE id = $1 AND status = 'queued'`, [id, runner, fileName]);
      return r.rowCount === 1;
    },

    /** Writes a running request's progress; false when it is no longer running (cancelled, perhaps through another api node). */
    async progress(id: number, done: number, total: number, text: string): Promise<boolean> {
      const u = await pool.query(
        `UPDATE data_requests SET progress_done = $2, progress_total = $3, progress_text = $4 WHERE id = $1 AND status = 'running'`,
        [id, Math.round(done), Math.round(total), text]);
      return u.rowCount === 1;
    },

    /** running → ready, with its size, rows and expiry; audited 'ready'. */
    async ready(id: number, r: { bytes: number; rows: number; files: Record<string, number>; finishedAt: Date; expiresAt: Date }): Promise<boolean> {
      const u = await pool.query(
        `UPDATE data_requests SET status = 'ready', bytes = $2, row_count = $3, progress_done = $3, progress_total = $3,
            progress_text = 'Ready', finished_at = $4, expires_at = $5, error = NULL
          WHERE id = $1 AND status = 'running'`, [id, r.bytes, r.rows, r.finishedAt, r.expiresAt]);
      if (u.rowCount !== 1) return false;
      await audit(id, 'ready', SYSTEM, { bytes: r.bytes, rows: r.rows, files: r.files });
      return true;
    },

    /** An unfinished request ends (failed or cancelled) without a file; audited with the reason. */
    async finish(id: number, status: 'failed' | 'cancelled', reason: string, by: Actor, at: Date): Promise<boolean> {
      const u = await pool.query(
        `UPDATE data_requests SET status = $2, error = $3, progress_text = $3, finished_at = $4, bytes = NULL, expires_at = NULL
          WHERE id = $1 AND status IN ('queued', 'running')`, [id, status, reason, at]);
      if (u.rowCount !== 1) return false;
      await audit(id, status, by, { reason });
      return true;
    },

    /** A ready request whose file is gone: expired (the sweep) or deleted by an administrator (cancelled). */
    async retire(id: number, status: 'expired' | 'cancelled', action: 'expired' | 'deleted', by: Actor, detail: Record<string, unknown>): Promise<boolean> {
      const u = await pool.query(
        `UPDATE data_requests SET status = $2, progress_text = $3 WHERE id = $1 AND status = 'ready'`,
        [id, status, action === 'expired' ? 'Expired: the file was deleted' : 'Deleted by an administrator']);
      if (u.rowCount !== 1) return false;
      await audit(id, action, by, detail);
      return true;
    },

    /** Ready requests whose expiry has passed. */
    async expiredBy(now: Date): Promise<DataRequestRow[]> {
      const r = await pool.query<DataRequestRow>(
        `SELECT ${COLUMNS} FROM data_requests WHERE status = 'ready' AND expires_at <= $1 ORDER BY id`, [now]);
      return r.rows;
    },

    /** The site's name and zone (its days are read in it). */
    async site(siteId: number): Promise<{ name: string; timezone: string } | undefined> {
      const r = await pool.query<{ name: string; timezone: string }>('SELECT name, timezone FROM sites WHERE id = $1', [siteId]);
      return r.rows[0];
    },

    /** Requests a server left unfinished (queued or running): after a restart nobody is preparing them. */
    async unfinished(): Promise<DataRequestRow[]> {
      const r = await pool.query<DataRequestRow>(
        `SELECT ${COLUMNS} FROM data_requests WHERE status NOT IN ('ready') AND status NOT IN ${DONE} ORDER BY id`);
      return r.rows;
    },
  };
}
export type DataRequestsRepository = ReturnType<typeof dataRequestsRepository>;
