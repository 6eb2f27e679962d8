import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { applyMigrations, MigrationLockError, type Database } from './connection.ts';
import { freshDatabase } from './fresh-database.test-support.ts';
import { migrationState } from './migration-state.ts';

// The migrator's lock limit (issue 17, docs/deployment.md): a migration that cannot get a table's
// lock gives up after lock_timeout instead of queueing every user of the table behind it, and
// tries again. 0021 adds an index to command_log; a transaction holding command_log stands for a
// writer's open transaction on the table a migration changes (CREATE INDEX waits for writers).
let database: Database;
let holder: pg.Client;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  fresh = await freshDatabase(inject('pgAdminUrl'), { max: 3 });
  database = fresh.database;
  await applyMigrations(database, { through: '0020_vehicle_data' });
  holder = new pg.Client({ connectionString: fresh.url });
  await holder.connect();
});
afterAll(async () => {
  await holder.end().catch(() => {});
  await fresh.drop();
});

describe('applying migrations while another transaction holds a table they change', () => {
  it('gives up after the lock limit on every try, applies nothing, and says why in words', async () => {
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE command_log IN ROW EXCLUSIVE MODE');
    const tries: number[] = [];
    try {
      const started = Date.now();
      const error = await applyMigrations(database, { lockTimeoutMs: 100, attempts: 2, onLockTimeout: (attempt) => tries.push(attempt) })
        .then(() => undefined, (err: unknown) => err);
      expect(error).toBeInstanceOf(MigrationLockError);
      expect((error as Error).message).toMatch(/waited over 100 ms for a table's lock 2 times and were not applied/);
      expect(tries).toEqual([1]);
      // Two tries of 100 ms and one pause of a second: not a wait as long as the holder's.
      expect(Date.now() - started).toBeLessThan(10_000);
      // Nothing after 0020 was applied (later migrations were pending too, and wait with it).
      expect((await migrationState(database.pool)).pending[0]).toBe('0021_command_log_index');
    } finally {
      await holder.query('ROLLBACK');
    }
    // The pool's clients keep PostgreSQL's default: the limit was for the migrator only.
    const clients = await Promise.all([database.pool.connect(), database.pool.connect(), database.pool.connect()]);
    try {
      for (const c of clients) expect((await c.query<{ lock_timeout: string }>('SHOW lock_timeout')).rows[0]?.lock_timeout).toBe('0');
    } finally {
      for (const c of clients) c.release();
    }
  });

  it('applies them on a later try once the holder ends', async () => {
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE command_log IN ROW EXCLUSIVE MODE');
    const tries: number[] = [];
    // The holder ends during the pause after the first try.
    const applying = applyMigrations(database, {
      lockTimeoutMs: 100, attempts: 5,
      onLockTimeout: (attempt) => {
        tries.push(attempt);
        if (attempt === 1) void holder.query('ROLLBACK');
      },
    });
    await expect(applying).resolves.toBeUndefined();
    expect(tries).toEqual([1]);
    expect((await migrationState(database.pool)).pending).toEqual([]);
    const index = await database.pool.query("SELECT 1 FROM pg_indexes WHERE indexname = 'command_log_unit_idx'");
    expect(index.rowCount).toBe(1);
  });
});
