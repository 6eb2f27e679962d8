// Retention on the 50-million-position database of bench/seed-history.ts (issue 12): the partition
// upkeep as the server runs it daily, with the seeded customer's retention set to `--months`. A
// month wholly older than the cutoff goes as a table; the rest of what is due is deleted in the
// upkeep's bounded batches (`--batches` statements of 10,000 rows this run). It changes the
// database: run it after bench/history-queries.ts, or seed again.
//
//   npx tsx bench/history-retention.ts [--db fleet_history] [--months 2] [--batches 100] [--now 2026-11-24T12:00:00Z]
import { runPartitionUpkeep } from '@fleet/db';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchLog, machine } from './lib.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'fleet_history' },
    months: { type: 'string', default: '2' },
    batches: { type: 'string', default: '100' },
    now: { type: 'string', default: '2026-11-24T12:00:00Z' },
  },
});
const log = benchLog('retention');
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${values.db}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
const count = async () => Number((await pool.query('SELECT count(*) AS n FROM positions')).rows[0].n);
const size = async () => Number((await pool.query(`SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS b FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'positions'::regclass`)).rows[0].b);
try {
  const trips = Number((await pool.query('SELECT count(*) AS n FROM trips')).rows[0].n);
  const before = await count();
  const bytes = await size();
  await pool.query('UPDATE customers SET position_retention_months = $1', [Number(values.months)]);
  log(`${machine()}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  log(`${before.toLocaleString('en')} positions (${(bytes / 2 ** 30).toFixed(2)} GiB); every customer keeps ${values.months} months; now = ${values.now}`);
  const t0 = performance.now();
  const report = await runPartitionUpkeep(pool, Date.parse(values.now), { maxBatches: Number(values.batches) });
  const seconds = (performance.now() - t0) / 1000;
  if (!report) throw new Error('another server holds the upkeep');
  const after = await count();
  log(`upkeep run: ${seconds.toFixed(1)} s; dropped ${report.dropped.join(', ') || 'nothing'}; deleted ${report.deleted.toLocaleString('en')} rows in batches`
    + ` (${Math.round(report.deleted / seconds).toLocaleString('en')} rows/s over the run); ${report.done ? 'all due rows gone' : 'more due rows left for the next run'}`);
  log(`positions ${before.toLocaleString('en')} -> ${after.toLocaleString('en')} (${((await size()) / 2 ** 30).toFixed(2)} GiB); trips ${trips} -> ${Number((await pool.query('SELECT count(*) AS n FROM trips')).rows[0].n)}`);
} finally {
  await pool.end();
}
