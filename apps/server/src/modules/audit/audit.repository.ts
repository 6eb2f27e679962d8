import type pg from 'pg';
import type { Caller } from '../../lib/caller.ts';

/** What was changed, by whom is taken from the caller (issue 15, the audit log). */
export interface AuditChange {
  /** A dotted key of what was done: 'user.add', 'config.units.edit', 'site.remove', 'brand.edit' … */
  action: string;
  /** What it was done to ('user', 'unit', 'site', 'brand' …), its id and its name at the time. */
  targetKind: string;
  targetId?: string | number | null;
  targetName?: string;
  /** The site the change belongs to (site administrators read their sites' lines); null: none. */
  siteId?: number | null;
  customerId?: number | null;
  /** The record before and after, without secrets (never a password, hash or token). */
  before?: unknown;
  after?: unknown;
  detail?: string;
}

/** Who acted and from where: the caller of the request, its address. */
export interface AuditActor { caller: Caller; address: string }

/** Keys never written to the log, wherever they sit in a before or after record. */
const SECRET_KEYS = /^(password|pwd|pass|passwordhash|password_hash|token|tokenhash|token_hash|key|keyhash|key_hash|secret)$/i;

/**
 * A record as the log keeps it: secrets dropped at any depth, so a caller's mistake cannot leak one;
 * texts made well-formed (a lone UTF-16 surrogate becomes U+FFFD: jsonb refuses its escape).
 */
export function withoutSecrets(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEYS.test(k)) out[k] = withoutSecrets(v);
    return out;
  }
  return value;
}

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(withoutSecrets(v)));

/** The audit log's writes (append-only: the table refuses UPDATE and DELETE). The list call is the audit routes'. */
export function auditRepository(pool: pg.Pool) {
  return {
    /** Writes one change made by `actor`; `db` lets it join the change's own transaction. */
    async change(actor: AuditActor, c: AuditChange, db: Pick<pg.Pool, 'query'> = pool): Promise<void> {
      await db.query(
        `INSERT INTO audit_log (brand_id, site_id, customer_id, actor_user_id, actor_name, kind, action, target_kind, target_id, target_name, before, after, detail, address)
         VALUES ($1, $2, $3, $4, $5, 'change', $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13)`,
        [actor.caller.session.brandId, c.siteId ?? null, c.customerId ?? null, actor.caller.user.id, actor.caller.user.name,
          c.action, c.targetKind, c.targetId === undefined || c.targetId === null ? null : String(c.targetId), c.targetName ?? '',
          json(c.before), json(c.after), c.detail ?? '', actor.address.slice(0, 64)]);
    },

    /** Writes a permission refusal (a 403 answered to a signed-in caller). */
    async refusal(r: { caller: Caller; call: string; message: string; address: string }): Promise<void> {
      await pool.query(
        `INSERT INTO audit_log (brand_id, site_id, actor_user_id, actor_name, kind, action, target_kind, detail, address)
         VALUES ($1, $2, $3, $4, 'refusal', 'refused', $5, $6, $7)`,
        [r.caller.session.brandId, r.caller.session.siteId, r.caller.user.id, r.caller.user.name, r.call.slice(0, 100), r.message.slice(0, 500), r.address.slice(0, 64)]);
    },
  };
}
export type AuditLog = ReturnType<typeof auditRepository>;
