import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Opens a pool on a PostgreSQL URL; `max` bounds the connections this process holds. */
export function connect(url: string, options: { max?: number; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'fleet',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client's error (database restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

/**
 * Checks a client out of the pool for several statements. While checked out, a client whose
 * connection dies between statements emits 'error'; unheard, that event would end the process
 * (seen when the database restarts). Here it is heard, and the next statement fails instead.
 * `done()` discards a client that saw an error event or a failed statement instead of handing it
 * back to the pool: when the server ends a connection it first answers the pending statement with
 * a FATAL error and only then closes the socket, so the client can look healthy at release and
 * the pool would give the dead connection to its next caller. A statement that failed for any
 * other reason costs one new connection, which is cheap beside a wrong answer.
 */
export async function checkout(pool: pg.Pool): Promise<pg.PoolClient & { done(): void }> {
  const client = await pool.connect();
  let failed = false;
  const onError = () => {
    failed = true;
  };
  client.on('error', onError);
  const query = client.query;
  const watched = function (this: pg.PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.catch(onError);
    return result;
  };
  client.query = watched as typeof client.query;
  return Object.assign(client, {
    done: () => {
      client.off('error', onError);
      client.query = query;
      client.release(failed || undefined);
    },
  });
}

/** How long one migration statement waits for a table's lock before the batch gives up and tries again. */
export const MIGRATION_LOCK_TIMEOUT_MS = 5_000;
/** Tries of the whole batch before the start fails (docs/deployment.md, "Migrations that never lock positions for long"). */
export const MIGRATION_ATTEMPTS = 10;

export class MigrationLockError extends Error {}

/**
 * Runs `work` while holding the session-level advisory lock `key` on a connection of its own: the
 * processes sharing the database run it one at a time (a second one waits for the first to finish).
 * `work` itself uses the pool as usual.
 */
export async function oneAtATime<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await checkout(pool);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
    client.done();
  }
}

/**
 * Applies every SQL migration not yet applied, under an advisory lock so parallel starts wait;
 * `through` (a migration's tag, e.g. '0013_journeys') stops after that one, for tests of a later
 * migration on a database as it was before it.
 *
 * Every statement waits at most `lockTimeoutMs` for a lock (issue 17). A migration that waits
 * behind a long query on the positions log would otherwise make every writer and reader of the log
 * queue behind it: PostgreSQL grants locks in order, so the ingest would stall for as long as the
 * long query runs. With the limit the migrator's one transaction (drizzle runs every pending
 * migration in one) rolls back instead, nothing is applied, and it tries again after a pause, up to
 * `attempts` times; then the start fails with a message saying so.
 */
export async function applyMigrations(database: Database, options: {
  through?: string; lockTimeoutMs?: number; attempts?: number;
  onLockTimeout?: (attempt: number, waitMs: number) => void;
} = {}): Promise<void> {
  const lockTimeoutMs = Math.max(1, Math.round(options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS));
  const attempts = Math.max(1, options.attempts ?? MIGRATION_ATTEMPTS);
  const folder = options.through ? await migrationsThrough(options.through) : migrationsFolder;
  const client = await checkout(database.pool);
  try {
    // Taken before the limit is set: a second process waits here for the first one's migrations.
    await client.query('SELECT pg_advisory_lock(7262001)');
    await client.query(`SET lock_timeout = ${lockTimeoutMs}`);
    for (let attempt = 1; ; attempt++) {
      try {
        await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
        break;
      } catch (err) {
        if (!isLockTimeout(err)) throw err;
        if (attempt >= attempts) {
          throw new MigrationLockError(
            `The migrations waited over ${lockTimeoutMs} ms for a table's lock ${attempts} times and were not applied: ` +
            'a long query or an open transaction holds a table they change. Find it in pg_stat_activity, let it end, and start again.',
            { cause: err },
          );
        }
        const waitMs = Math.min(1_000 * attempt, 15_000);
        options.onLockTimeout?.(attempt, waitMs);
        await new Promise((r) => setTimeout(r, waitMs));
      }
    }
  } finally {
    // The client goes back to the pool: its other users keep PostgreSQL's default (no limit).
    await client.query('RESET lock_timeout').catch(() => {});
    await client.query('SELECT pg_advisory_unlock(7262001)').catch(() => {});
    client.done();
    if (folder !== migrationsFolder) await rm(folder, { recursive: true, force: true });
  }
}

/** PostgreSQL's lock_not_available (55P03), which lock_timeout raises; drizzle may wrap it. */
function isLockTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}

/** A copy of the migrations folder whose journal ends at `tag`. */
async function migrationsThrough(tag: string): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`no migration ${tag}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, end + 1);
  for (const e of entries) await copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/**
 * Waits until the database answers (it may be starting or restarting), retrying with backoff;
 * throws after `timeoutMs` with the last error.
 */
export async function waitForDatabase(database: Database, options: { timeoutMs?: number; onWait?: (err: Error) => void } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let delay = 200;
  for (let attempt = 0; ; attempt++) {
    try {
      await database.pool.query('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() + delay > deadline) throw err;
      if (attempt === 0) options.onWait?.(err as Error);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 3000);
    }
  }
}

/**
 * Runs `work` in one transaction on a client taken with `checkout` (so a connection that dies
 * mid-transaction fails the statement rather than the process): committed when it returns, rolled
 * back when it throws.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await checkout(pool);
  try {
    await client.query('BEGIN');
    const out = await work(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.done();
  }
}
