// Benchmark databases: a fresh one on the embedded PostgreSQL (or BENCH_DATABASE_URL), units on a site,
// an operator of that site, and waiting for their first states.
import { applyMigrations, connect, startEmbeddedPostgres, type Database, type EmbeddedServer } from '@fleet/db';
import { ensureDefaultBrand } from '@fleet/db/seed/index';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';

export interface BenchDb {
  label: string;
  url: string;
  database: Database;
  close(): Promise<void>;
}

/** A fresh database on the embedded PostgreSQL, or on the server named by `externalUrl`. */
export async function benchDatabase(externalUrl?: string): Promise<BenchDb> {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl = externalUrl;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-bench-'));
    embedded = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres' });
    adminUrl = embedded.url;
  }
  const name = `fleet_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = connect(u.toString(), { max: 12 });
  await applyMigrations(database);
  await ensureDefaultBrand(database.db, { publicUrl: 'http://localhost:8080' });
  return {
    label: `${embedded ? 'embedded' : 'external'} PostgreSQL ${version}`,
    url: u.toString(),
    database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      await embedded?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `count` units with IMEIs 990000000000000 + i on one new site; returns the IMEIs. */
export async function createUnits(db: Database, count: number): Promise<string[]> {
  const c = await db.pool.query(`INSERT INTO customers (brand_id, name) SELECT id, 'Bench' FROM brands LIMIT 1 RETURNING id`);
  const s = await db.pool.query(`INSERT INTO sites (customer_id, name) VALUES ($1, 'Bench site') RETURNING id`, [c.rows[0].id]);
  await db.pool.query(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
  await db.pool.query(
    `INSERT INTO units (site_id, device_id, unit_type_id, registration)
     SELECT $1, (990000000000000 + g)::text, 2, 'BENCH ' || g FROM generate_series(1, $2) g`, [s.rows[0].id, count]);
  return Array.from({ length: count }, (_, i) => String(990000000000000 + i + 1));
}

export const BENCH_EMAIL = 'bench.operator@fleet.local';
export const BENCH_PASSWORD = 'Bench-password-1!';

/** N units on one new site and an operator (usertype 2) of that site; returns the IMEIs and site. */
export async function createFleetSite(db: Database, n: number): Promise<{ imeis: string[]; siteId: number }> {
  const imeis = await createUnits(db, n);
  const site = await db.pool.query(`SELECT id, customer_id FROM sites WHERE name = 'Bench site' ORDER BY id DESC LIMIT 1`);
  const { id: siteId, customer_id: customerId } = site.rows[0] as { id: number; customer_id: number };
  const user = await db.pool.query(
    `INSERT INTO users (email, name, password_hash, usertype, customer_id, default_site_id) VALUES ($1, 'Bench operator', $2, 2, $3, $4) RETURNING id`,
    [BENCH_EMAIL, await hashPassword(BENCH_PASSWORD), customerId, siteId]);
  await db.pool.query('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [user.rows[0].id, siteId]);
  return { imeis, siteId };
}

/** Waits until `n` units of the site have a stored state (their first position went all the way through). */
export async function waitForStates(db: Database, siteId: number, n: number, timeoutMs = 120_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let have = 0;
  while (Date.now() < until) {
    const r = await db.pool.query('SELECT count(*)::int AS c FROM unit_state s JOIN units u ON u.id = s.unit_id WHERE u.site_id = $1', [siteId]);
    have = r.rows[0].c as number;
    if (have >= n) return have;
    await new Promise((res) => setTimeout(res, 250));
  }
  return have;
}
