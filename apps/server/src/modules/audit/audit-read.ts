import type { AuditLine, AuditLogQuery } from '@fleet/shared';
import type pg from 'pg';
import type { Caller } from '../../lib/caller.ts';

/** Whose lines a caller reads: a super administrator their brand's; a site administrator their sites' and their own. */
export interface AuditScope { brandId: number | null; siteIds: number[] | null; userId: number }

export function auditScopeOf(caller: Caller): AuditScope {
  return caller.user.usertype === 0
    ? { brandId: caller.session.brandId, siteIds: null, userId: caller.user.id }
    : { brandId: null, siteIds: caller.siteIds, userId: caller.user.id };
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of a filtered read, and its values. */
function where(scope: AuditScope, f: Omit<AuditLogQuery, 'offset' | 'limit'>): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const add = (v: unknown) => { values.push(v); return `$${values.length}`; };
  const parts: string[] = scope.siteIds === null
    ? [`a.brand_id = ${add(scope.brandId)}`]
    : [`(a.site_id = ANY(${add(scope.siteIds)}::int[]) OR a.actor_user_id = ${add(scope.userId)})`];
  if (f.from) parts.push(`a.at >= ${add(f.from)}::date`);
  if (f.to) parts.push(`a.at < ${add(f.to)}::date + 1`);
  if (f.actor) parts.push(`a.actor_name ILIKE ${add(like(f.actor))}`);
  if (f.action) parts.push(`a.action ILIKE ${add(`${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (f.kind) parts.push(`a.kind = ${add(f.kind)}`);
  if (f.target) parts.push(`a.target_kind ILIKE ${add(like(f.target))}`);
  for (const word of (f.q ?? '').split(/\s+/).filter(Boolean)) {
    const p = add(like(word));
    parts.push(`(a.target_name ILIKE ${p} OR a.detail ILIKE ${p} OR a.action ILIKE ${p} OR a.actor_name ILIKE ${p} OR a.target_kind ILIKE ${p} OR a.target_id ILIKE ${p})`);
  }
  return { sql: parts.join(' AND '), values };
}

interface LineRow {
  id: string; at: Date; kind: 'change' | 'refusal'; actor_user_id: number | null; actor_name: string; action: string; target_kind: string;
  target_id: string | null; target_name: string; site_id: number | null; site_name: string | null; before: unknown; after: unknown; detail: string; address: string;
}
const toLine = (r: LineRow): AuditLine => ({
  id: Number(r.id), at: r.at.toISOString(), kind: r.kind, actorId: r.actor_user_id, actor: r.actor_name, action: r.action, targetKind: r.target_kind,
  targetId: r.target_id, targetName: r.target_name, siteId: r.site_id, siteName: r.site_name, before: r.before, after: r.after, detail: r.detail, address: r.address,
});

/** Reading the audit log (its writes are the repository's): newest first, filtered, within the caller's scope. */
export function auditReader(pool: pg.Pool) {
  return {
    async page(scope: AuditScope, f: AuditLogQuery): Promise<{ lines: AuditLine[]; total: number }> {
      const w = where(scope, f);
      const limit = f.limit ?? 50;
      const [rows, count] = await Promise.all([
        pool.query<LineRow>(
          `SELECT a.*, s.name AS site_name FROM audit_log a LEFT JOIN sites s ON s.id = a.site_id
            WHERE ${w.sql} ORDER BY a.at DESC, a.id DESC LIMIT ${limit} OFFSET ${f.offset ?? 0}`, w.values),
        pool.query<{ n: string }>(`SELECT count(*) AS n FROM audit_log a WHERE ${w.sql}`, w.values),
      ]);
      return { lines: rows.rows.map(toLine), total: Number(count.rows[0]?.n ?? 0) };
    },
    /** Every filtered line, newest first, at most `max` (the CSV export). */
    async all(scope: AuditScope, f: Omit<AuditLogQuery, 'offset' | 'limit'>, max: number): Promise<AuditLine[]> {
      const w = where(scope, f);
      const rows = await pool.query<LineRow>(
        `SELECT a.*, s.name AS site_name FROM audit_log a LEFT JOIN sites s ON s.id = a.site_id
          WHERE ${w.sql} ORDER BY a.at DESC, a.id DESC LIMIT ${max}`, w.values);
      return rows.rows.map(toLine);
    },
  };
}
export type AuditReader = ReturnType<typeof auditReader>;
