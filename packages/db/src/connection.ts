import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
 * (seen when the database restarts). Here it is heard, the next statement fails instead, and
 * `done()` discards such a client rather than handing a dead connection back to the pool (pg-pool
 * keeps a released client unless told of the error, and whether the client has noticed its socket
 * closing by then is a race).
 */
export async function checkout(pool: pg.Pool): Promise<pg.PoolClient & { done(): void }> {
  const client = await pool.connect();
  let failed = false;
  const onError = () => {
    failed = true;
  };
  client.on('error', onError);
  return Object.assign(client, {
    done: () => {
      client.off('error', onError);
      client.release(failed || undefined);
    },
  });
}

/** Applies every SQL migration not yet applied, under an advisory lock so parallel starts wait. */
export async function applyMigrations(database: Database): Promise<void> {
  const client = await checkout(database.pool);
  try {
    await client.query('SELECT pg_advisory_lock(7262001)');
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7262001)').catch(() => {});
    client.done();
  }
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
