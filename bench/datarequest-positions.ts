// Data requests (issue 14): a site's positions streamed from PostgreSQL into the ZIP of a data
// request. Seeds a database of its own (once; kept for re-runs) with 10 million positions of 100
// vehicles on one site, 100,000 each every 30 s from 2026-10-01 (two monthly partitions), with a
// Teltonika-like IO record, then runs the export the server runs (writeDataExport: COPY … TO STDOUT
// per vehicle → deflate → file) for the whole range and reports rows/s, the file's size, and the
// process's RSS sampled every 100 ms (peak, and at each tenth of the way: flat when streamed).
// Goal of the issue: > 100,000 rows/s with flat memory.
//
//   npx tsx bench/datarequest-positions.ts [--db bench_datarequest] [--vehicles 100] [--per 100000] [--level 1] [--reseed]
// BENCH_DATABASE_URL: an administrator URL on which the database is created (default the machine's
// PostgreSQL, postgres://postgres@127.0.0.1:5432/postgres).
import { applyMigrations, connect } from '@fleet/db';
import { ensureDefaultBrand } from '@fleet/db/seed/index';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeDataExport } from '../apps/server/src/modules/datarequests/index.ts';
import { benchLog, CpuMeter, machine } from './lib.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench_datarequest' },
    vehicles: { type: 'string', default: '100' },
    per: { type: 'string', default: '100000' },
    level: { type: 'string', default: '1' },
    reseed: { type: 'boolean', default: false },
  },
});
const log = benchLog('datarequest');
const vehicles = Number(values.vehicles);
const per = Number(values.per);
const expected = vehicles * per;
const FIRST = '2026-10-01T00:00:00Z';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = values.db.replace(/[^a-z0-9_]/g, '');
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
if (values.reseed || !exists) {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
}
await admin.end();
const database = connect(url.toString(), { max: 4 });
const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);

async function seed(): Promise<number> {
  await applyMigrations(database);
  await ensureDefaultBrand(database.db, { publicUrl: 'http://localhost:8080' });
  const c = await q(`INSERT INTO customers (brand_id, name) SELECT id, 'Data request bench' FROM brands LIMIT 1 RETURNING id`);
  const s = await q(`INSERT INTO sites (customer_id, name, timezone) VALUES ($1, 'Export site', 'UTC') RETURNING id`, [c.rows[0].id]);
  const siteId = s.rows[0].id as number;
  await q(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
  await q(`INSERT INTO units (site_id, device_id, unit_type_id, registration)
    SELECT $1, (970000000000000 + g)::text, 2, 'EXP ' || lpad(g::text, 3, '0') FROM generate_series(1, $2) g`, [siteId, vehicles]);
  for (const month of ['2026-10', '2026-11', '2026-12']) {
    const table = `positions_${month.replace('-', '_')}`;
    const next = month === '2026-12' ? '2027-01' : `2026-${String(Number(month.slice(5)) + 1).padStart(2, '0')}`;
    await q(`DO $$ BEGIN IF to_regclass('${table}') IS NULL THEN
      CREATE TABLE ${table} PARTITION OF positions FOR VALUES FROM ('${month}-01T00:00:00Z') TO ('${next}-01T00:00:00Z'); END IF; END $$`);
  }
  const units = (await q('SELECT id FROM units WHERE site_id = $1 ORDER BY id', [siteId])).rows as { id: number }[];
  const started = Date.now();
  // Ten vehicles a statement; the indexes are kept (the export reads through them, as on a live system).
  for (let i = 0; i < units.length; i += 10) {
    const ids = units.slice(i, i + 10).map((u) => u.id);
    await q(`INSERT INTO positions (unit_id, device_time, received_at, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol)
      SELECT u, t, t + interval '1 second', 53.5 + sin(g / 500.0) * 0.2 + u * 0.001, -1.5 + cos(g / 500.0) * 0.2, 80 + g % 40, (g * 7) % 360,
        9 + g % 4, CASE WHEN (g / 100) % 3 = 0 THEN 0 ELSE 30 + g % 60 END, 0, 0,
        jsonb_build_object('239', ((g / 100) % 3 <> 0)::int, '240', ((g / 100) % 3 <> 0)::int, '21', 3 + g % 3, '66', 13800 + g % 600,
          '67', 4100 - g % 50, '69', 1, '16', (10000000 + g * 250)::bigint, '199', g % 25000),
        'teltonika'
      FROM unnest($1::int[]) u CROSS JOIN generate_series(0, $2::int - 1) g
      CROSS JOIN LATERAL (SELECT '${FIRST}'::timestamptz + g * interval '30 seconds' AS t) x`, [ids, per]);
    log(`seeded ${Math.min(i + 10, units.length) * per} positions (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await q('ANALYZE positions');
  return siteId;
}

let siteId: number;
const found = exists && !values.reseed
  ? await q(`SELECT s.id, (SELECT count(*) FROM positions)::bigint AS n FROM sites s WHERE s.name = 'Export site'`).catch(() => ({ rows: [] }))
  : { rows: [] };
if (found.rows[0] && Number(found.rows[0].n) === expected) {
  siteId = found.rows[0].id as number;
  log(`reusing ${name}: ${expected.toLocaleString('en')} positions`);
} else {
  if (exists && !values.reseed) {
    log(`${name} does not hold the expected ${expected} positions: run again with --reseed`);
    process.exit(1);
  }
  siteId = await seed();
}

const last = new Date(Date.parse(FIRST) + (per - 1) * 30_000);
const plan = {
  siteId, siteName: 'Export site', fromDay: FIRST.slice(0, 10), toDay: last.toISOString().slice(0, 10), timeZone: 'UTC',
  from: new Date(FIRST), to: new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate() + 1)),
};
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-datarequest-'));
const file = path.join(dir, 'export.zip');
log(`${machine()}; PostgreSQL ${version} (${name}); load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
log(`exporting ${plan.fromDay} … ${plan.toDay} (${expected.toLocaleString('en')} positions of ${vehicles} vehicles), deflate level ${values.level}`);

/**
 * CPU seconds the database's backends have used (utime + stime from /proc; the machine's PostgreSQL
 * runs here, under another user): with the export's own CPU, a figure the machine's load does not skew.
 */
async function backendCpu(): Promise<Map<number, number>> {
  const pids = (await q('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows as { pid: number }[];
  const out = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch { /* not on this machine, or gone */ }
  }
  return out;
}
const pgBefore = await backendCpu();
const ownBefore = process.cpuUsage();

global.gc?.();
let started = performance.now();
const rssStart = process.memoryUsage().rss;
let peak = rssStart;
const byTenth: string[] = [];
let nextTenth = 0.1;
let progress = 0;
const sampler = setInterval(() => {
  const rss = process.memoryUsage().rss;
  peak = Math.max(peak, rss);
  while (progress / expected >= nextTenth && nextTenth < 1) {
    byTenth.push(`${Math.round(nextTenth * 100)} %: ${(rss / 2 ** 20).toFixed(0)} MiB`);
    log(`${Math.round(nextTenth * 100)} % after ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${(rss / 2 ** 20).toFixed(0)} MiB`);
    nextTenth += 0.1;
  }
}, 100);
const cpu = new CpuMeter(() => ({}));
cpu.begin();
started = performance.now();
const result = await writeDataExport(database.pool, plan, file, {
  signal: new AbortController().signal, level: Number(values.level), onProgress: (done) => { progress = done; },
});
const seconds = (performance.now() - started) / 1000;
const used = cpu.end();
const own = process.cpuUsage(ownBefore);
const pgAfter = await backendCpu();
let pgSeconds = 0;
for (const [pid, after] of pgAfter) pgSeconds += after - (pgBefore.get(pid) ?? 0);
const nodeSeconds = (own.user + own.system) / 1e6;
clearInterval(sampler);
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
log(`${result.rows.toLocaleString('en')} rows (positions.csv ${result.files['positions.csv']?.toLocaleString('en')}) in ${seconds.toFixed(1)} s: `
  + `**${Math.round(result.rows / seconds).toLocaleString('en')} rows/s**; ZIP ${mib(result.bytes)}`);
log(`RSS: ${mib(rssStart)} at the start, peak ${mib(peak)} (growth ${mib(peak - rssStart)}); by progress: ${byTenth.join(', ')}`);
log(`CPU: this process ${used.groups.bench?.toFixed(2)} cores; the machine ${(used.machineBusy * 100).toFixed(0)} % busy`);
if (pgSeconds > 0) {
  log(`CPU time: PostgreSQL backend ${pgSeconds.toFixed(1)} s, this process ${nodeSeconds.toFixed(1)} s: `
    + `**${Math.round(result.rows / pgSeconds).toLocaleString('en')} rows per backend CPU second** (the rate with a core of its own; `
    + `the export's own side needs ${Math.round(result.rows / nodeSeconds).toLocaleString('en')} rows per CPU second)`);
}
await rm(dir, { recursive: true, force: true });
await database.close();
