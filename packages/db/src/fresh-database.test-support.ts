import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type Database } from './connection.ts';

/**
 * For this package's integration tests: a database of its own (a random name) on the suite's
 * PostgreSQL, a pool on it, and an administrator's connection (to end backends, to drop it).
 * `drop()` closes the pool and drops the database, whatever the test left open in it.
 */
export async function freshDatabase(adminUrl: string, opts: { max?: number } = {}) {
  const name = `fleet_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database: Database = connect(url.toString(), { max: opts.max ?? 2 });
  return {
    name, admin, database, url: url.toString(),
    async drop(): Promise<void> {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
