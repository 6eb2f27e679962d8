// Shared pieces of the benchmarks: a database (embedded, or BENCH_DATABASE_URL), units, an ingest server process.
import { applyMigrations, connect, startEmbeddedPostgres, type Database, type EmbeddedServer } from '@fleet/db';
import { ensureDefaultBrand } from '@fleet/db/seed/index';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

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

/** Runs the ingest side (listeners, writer, processor) in its own process, as the server does. */
export async function startIngestProcess(url: string, env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess; rss(): Promise<number>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/ingest-server.ts')], {
    env: { ...process.env, BENCH_DB_URL: url, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`ingest server exited with ${code}`)));
  });
  return {
    port, child,
    rss: () => new Promise((resolve) => {
      child.once('message', (m) => resolve((m as { rss: number }).rss));
      child.send('rss');
    }),
    stop: () => new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export const machine = () => `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
