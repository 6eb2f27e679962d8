// How long migration 0014 (the positions log partitioned by month, issue 12) takes on a filled
// log: a database at 0013 gets N positions over six months (580 units, Teltonika-like IO), then
// the migration runs and every row is counted again. The migration holds the log locked while it
// copies, so this is the downtime of the upgrade.
//
//   npx tsx bench/migrate-positions.ts [--rows 5000000]
// BENCH_DATABASE_URL: an administrator URL (default the machine's PostgreSQL); the database is dropped after.
import { applyMigrations, connect } from '@fleet/db';
import { ensureDefaultBrand } from '@fleet/db/seed/index';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchLog, machine } from './lib.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000000' } } });
const rows = Number(values.rows);
const log = benchLog('migrate');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `fleet_bench_mig_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = connect(url.toString(), { max: 2 });
try {
  await applyMigrations(database, { through: '0013_journeys' });
  await ensureDefaultBrand(database.db, { publicUrl: 'http://localhost:8080' });
  const q = (sql: string, params: unknown[] = []) => database.pool.query(sql, params);
  const { rows: [c] } = await q(`INSERT INTO customers (brand_id, name) SELECT id, 'Migrate' FROM brands LIMIT 1 RETURNING id`);
  const { rows: [s] } = await q(`INSERT INTO sites (customer_id, name) VALUES ($1, 'Migrate') RETURNING id`, [c.id]);
  await q(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
  await q(`INSERT INTO units (site_id, device_id, unit_type_id, registration) SELECT $1, (970000000000000 + g)::text, 2, 'MIG ' || g FROM generate_series(1, 580) g`, [s.id]);
  const { rows: [u] } = await q('SELECT min(id)::int AS first FROM units');
  log(`${machine()}; PostgreSQL ${version}; filling ${rows.toLocaleString('en')} positions at migration 0013`);
  let t0 = performance.now();
  // Six months back from 2026-11-20, a row per unit every ~18 s of the span, in time order.
  const step = (182 * 86_400) / (rows / 580);
  for (let done = 0; done < rows; done += 1_000_000) {
    const n = Math.min(1_000_000, rows - done);
    await q(`INSERT INTO positions (unit_id, device_time, lat, lon, altitude, angle, satellites, speed, event_io, io, protocol, implausible)
      SELECT $1 + g % 580, timestamptz '2026-05-22T00:00:00Z' + make_interval(secs => (g / 580) * $2::float8), 53 + (g % 97) / 1000.0, -1.5 - (g % 89) / 1000.0,
        60, g % 360, 9, g % 90, 0,
        jsonb_build_object('239', g % 2, '240', g % 2, '21', 4, '69', 1, '181', 9, '182', 7, '66', 13800 + g % 600, '67', 4100, '16', 10000000 + g, '199', g % 50000),
        'teltonika', CASE WHEN g % 997 = 0 THEN 'no-fix' END
      FROM generate_series($3::bigint, $4::bigint) g`, [u.first, step, done, done + n - 1]);
  }
  await q('VACUUM ANALYZE positions');
  const size = (await q(`SELECT pg_total_relation_size('positions') AS b`)).rows[0].b as string;
  log(`filled in ${((performance.now() - t0) / 1000).toFixed(0)} s; positions ${(Number(size) / 2 ** 30).toFixed(2)} GiB; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  t0 = performance.now();
  await applyMigrations(database);
  const seconds = (performance.now() - t0) / 1000;
  const { rows: [after] } = await q(`SELECT count(*)::bigint AS n, (SELECT count(*) FROM pg_inherits WHERE inhparent = 'positions'::regclass)::int AS parts FROM positions`);
  log(`migration 0014: ${seconds.toFixed(1)} s for ${Number(after.n).toLocaleString('en')} rows (${Math.round(Number(after.n) / seconds).toLocaleString('en')} rows/s) into ${after.parts} partitions; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  if (Number(after.n) !== rows) throw new Error(`expected ${rows} rows after the migration, found ${after.n}`);
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
