import type pg from 'pg';
import { Backoff, type BackoffOptions, WindowLimiter } from '../../lib/limiter.ts';

/**
 * Exponential backoff after failures, asked and told asynchronously so the counts can live outside
 * the process (see Backoff in limiter.ts for the rule).
 */
export interface AttemptBackoff {
  waitMs(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** A fixed window of at most `max` events per key (see WindowLimiter in limiter.ts). */
export interface AttemptWindow {
  retryAfter(key: string): Promise<number>;
  record(key: string): Promise<void>;
}

/**
 * Where attempts are counted. Every api node of an installation must count in the same place
 * (issue 17): a sign-in limit counted per process is as many limits as there are nodes behind the
 * load balancer. `scope` names one count (e.g. 'sign-in-account'); two scopes never share keys.
 */
export interface AttemptStore {
  backoff(scope: string, opts: Omit<BackoffOptions, 'now'>): AttemptBackoff;
  window(scope: string, max: number, windowMs: number): AttemptWindow;
}

/** Counts in this process only: for unit tests of the rules, never for a server (use postgresAttempts). */
export function memoryAttempts(now: () => number = Date.now): AttemptStore {
  return {
    backoff(_scope, opts) {
      const b = new Backoff({ ...opts, now });
      return { waitMs: async (key) => b.waitMs(key), fail: async (key) => b.fail(key), clear: async (key) => b.clear(key) };
    },
    window(_scope, max, windowMs) {
      const w = new WindowLimiter(max, windowMs, now);
      return { retryAfter: async (key) => w.retryAfter(key), record: async (key) => w.record(key) };
    },
  };
}

/** Rows past their expiry are deleted at most this often by one store (on its next count, never on a timer). */
const PRUNE_EVERY_MS = 60_000;

/**
 * Counts in PostgreSQL (the attempt_counts table), which every api node shares: N nodes give one
 * limit, not N. Each count is one atomic statement (INSERT … ON CONFLICT DO UPDATE), so two nodes
 * counting the same key at once both count. Times come from `now` (the server's clock, in ms).
 */
export function postgresAttempts(pool: pg.Pool, now: () => number = Date.now): AttemptStore {
  let prunedAt = 0;
  /** Deletes rows that mean nothing any more; the table holds only keys seen within their forget time. */
  function prune(t: number): void {
    if (t - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = t;
    void pool.query('DELETE FROM attempt_counts WHERE expires_ms < $1', [t]).catch(() => undefined);
  }

  return {
    backoff(scope, opts) {
      return {
        async waitMs(key) {
          const t = now();
          const r = await pool.query<{ until_ms: string; last_ms: string }>(
            { name: 'attempt-backoff-read', text: 'SELECT until_ms, last_ms FROM attempt_counts WHERE scope = $1 AND key = $2', values: [scope, key] });
          const row = r.rows[0];
          if (!row || t - Number(row.last_ms) >= opts.forgetMs) return 0;
          return Math.max(0, Number(row.until_ms) - t);
        },
        async fail(key) {
          const t = now();
          // The count first (reset when the last failure is older than forgetMs), then the wait it
          // earns; a failure counted on another node at the same moment keeps the longer wait.
          const r = await pool.query<{ count: number }>({
            name: 'attempt-backoff-fail',
            text: `INSERT INTO attempt_counts AS a (scope, key, count, until_ms, last_ms, expires_ms) VALUES ($1, $2, 1, 0, $3::bigint, $3::bigint + $4::bigint)
                   ON CONFLICT (scope, key) DO UPDATE SET
                     count = CASE WHEN $3::bigint - a.last_ms >= $4::bigint THEN 1 ELSE a.count + 1 END,
                     until_ms = CASE WHEN $3::bigint - a.last_ms >= $4::bigint THEN 0 ELSE a.until_ms END,
                     last_ms = $3::bigint, expires_ms = $3::bigint + $4::bigint
                   RETURNING count`,
            values: [scope, key, t, opts.forgetMs],
          });
          const over = (r.rows[0]?.count ?? 1) - opts.freeFailures;
          if (over >= 0) {
            const until = t + Math.min(opts.capMs, opts.baseMs * 2 ** Math.min(over, 30));
            await pool.query({
              name: 'attempt-backoff-wait',
              text: 'UPDATE attempt_counts SET until_ms = GREATEST(until_ms, $3::bigint) WHERE scope = $1 AND key = $2',
              values: [scope, key, until],
            });
          }
          prune(t);
        },
        async clear(key) {
          await pool.query({ name: 'attempt-clear', text: 'DELETE FROM attempt_counts WHERE scope = $1 AND key = $2', values: [scope, key] });
        },
      };
    },

    window(scope, max, windowMs) {
      return {
        async retryAfter(key) {
          const t = now();
          const r = await pool.query<{ count: number; until_ms: string }>(
            { name: 'attempt-window-read', text: 'SELECT count, until_ms FROM attempt_counts WHERE scope = $1 AND key = $2', values: [scope, key] });
          const row = r.rows[0];
          if (!row) return 0;
          const left = Number(row.until_ms) - t;
          return left > 0 && row.count >= max ? left : 0;
        },
        async record(key) {
          const t = now();
          await pool.query({
            name: 'attempt-window-record',
            text: `INSERT INTO attempt_counts AS a (scope, key, count, until_ms, last_ms, expires_ms) VALUES ($1, $2, 1, $3::bigint + $4::bigint, $3::bigint, $3::bigint + $4::bigint)
                   ON CONFLICT (scope, key) DO UPDATE SET
                     count = CASE WHEN a.until_ms <= $3::bigint THEN 1 ELSE a.count + 1 END,
                     until_ms = CASE WHEN a.until_ms <= $3::bigint THEN $3::bigint + $4::bigint ELSE a.until_ms END,
                     expires_ms = CASE WHEN a.until_ms <= $3::bigint THEN $3::bigint + $4::bigint ELSE a.expires_ms END,
                     last_ms = $3::bigint`,
            values: [scope, key, t, windowMs],
          });
          prune(t);
        },
      };
    },
  };
}

/**
 * A store for @fastify/rate-limit (the calls per address to the sign-in routes) that counts in
 * attempt_counts, so the limit is the installation's, not each node's. One statement per call;
 * each route counts on its own (the plugin makes a child per route, as its own store does).
 */
export function postgresRateLimitStore(pool: pg.Pool, now: () => number = Date.now) {
  let prunedAt = 0;
  return class PostgresRateLimitStore {
    private readonly scope: string;
    /** The plugin passes its options (unused); a child passes its route's scope. */
    constructor(_options?: unknown, scope = 'address') {
      this.scope = scope;
    }

    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const t = now();
      pool.query<{ count: number; until_ms: string }>({
        name: 'attempt-rate-incr',
        text: `INSERT INTO attempt_counts AS a (scope, key, count, until_ms, last_ms, expires_ms) VALUES ($1, $2, 1, $3::bigint + $4::bigint, $3::bigint, $3::bigint + $4::bigint)
               ON CONFLICT (scope, key) DO UPDATE SET
                 count = CASE WHEN a.until_ms <= $3::bigint THEN 1 ELSE a.count + 1 END,
                 until_ms = CASE WHEN a.until_ms <= $3::bigint THEN $3::bigint + $4::bigint ELSE a.until_ms END,
                 expires_ms = CASE WHEN a.until_ms <= $3::bigint THEN $3::bigint + $4::bigint ELSE a.expires_ms END,
                 last_ms = $3::bigint
               RETURNING count, until_ms`,
        values: [this.scope, key, t, timeWindow],
      }).then((r) => {
        const row = r.rows[0];
        cb(null, { current: row?.count ?? 1, ttl: Math.max(0, Number(row?.until_ms ?? t + timeWindow) - t) });
        if (t - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = t;
          void pool.query('DELETE FROM attempt_counts WHERE expires_ms < $1', [t]).catch(() => undefined);
        }
      }, (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))));
    }

    /** The plugin's child for one route: it passes the route's rate-limit settings with the route as `routeInfo`. */
    child(routeOptions: object): PostgresRateLimitStore {
      const route = (routeOptions as { routeInfo?: { url?: string; method?: string | string[] } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method ?? '';
      return new PostgresRateLimitStore(undefined, `address ${method} ${route?.url ?? ''}`.trim());
    }
  };
}
