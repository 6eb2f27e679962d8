// The durable pipeline against a bare COPY of the same rows (issue 17, "Scale out"). The same N
// realistic positions (default 200,000: 1,000 units × 200 reports 30 s apart, Teltonika FMB IO of
// 14 elements) go into an empty positions log, each method in turn, three rounds, median:
//   writer-1     the product's group-commit writer (position-writer.ts) as the ingest uses it: 1,000
//                devices at once, each sending one record and waiting for its commit before the next
//                (a live fleet: a device sends each record as it makes it);
//   writer-10    the same, ten records a packet (a device catching up after being out of coverage);
//   writer-async writer-1 with synchronous_commit off: NOT durable, only to show what waiting for each
//                commit's flush costs;
//   insert       bare multi-row INSERT, the writer's 4,000 rows a statement, 3 connections, each
//                statement its own commit (no ON CONFLICT, no log gate, no plausibility check);
//   copy         one COPY positions (…) FROM STDIN of all the rows: one statement, one transaction;
//   copy-nokey   the same COPY with the unique key (unit_id, device_time, event_io) dropped: what
//                the key that makes re-sent records stored once costs by itself.
// The clock runs from the first row handed over to the last commit, formatting included (JSON for
// the writer, text for COPY, arrays for INSERT); making the rows (a decoder's work) is not timed.
// Per method also: CPU of this process and of the database's backends per 1,000 rows (a figure a
// shared machine skews far less than rows/s), WAL bytes per row (pg_current_wal_lsn; on a shared
// server other databases' WAL counts too), the writer's rows per commit. After each writer-1 run the
// log's size per row: heap, TOAST and each index (the sizing figure of docs/scaling.md).
// Usage: npx tsx bench/copy-vs-pipeline.ts [--rows 200000] [--units 1000] [--runs 3] [--external postgres://…]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type PositionRow, positionWriter } from '../apps/server/src/ingest/position-writer.ts';
import { benchDatabase, type BenchDb, benchLog, cleanUpOnExit, CpuMeter, createUnits, FLEET_BOX, machine } from './lib.ts';

const { values } = parseArgs({ options: {
  rows: { type: 'string', default: '200000' }, units: { type: 'string', default: '1000' },
  runs: { type: 'string', default: '3' }, external: { type: 'string' },
} });
const unitCount = Number(values.units);
const perUnit = Math.round(Number(values.rows) / unitCount);
const rounds = Number(values.runs);
if (!(unitCount >= 1 && perUnit >= 1 && rounds >= 1)) throw new Error('--units, --rows and --runs must be positive numbers (rows at least one per unit)');
const log = benchLog('copy-vs-pipeline');

const REPORT_S = 30;
const COLUMNS = 'unit_id, device_time, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol, implausible';

/**
 * Each unit's reports in time order: 30 s apart, ending a minute ago (plausible: the writer stores a
 * row from the future flagged), driving 30 reports (15 min) and parked 10, over and over; the IO a
 * Teltonika FMB sends (as bench/seed-history.ts), an ignition change recorded as event 239.
 */
function fleetRows(units: number[], n: number): PositionRow[][] {
  const end = Date.now() - 60_000;
  let s = 7;
  const rnd = () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  return units.map((unitId, i) => {
    let lat = FLEET_BOX.south + rnd() * (FLEET_BOX.north - FLEET_BOX.south);
    let lon = FLEET_BOX.west + rnd() * (FLEET_BOX.east - FLEET_BOX.west);
    let heading = rnd() * 360;
    let odometer = 100_000_000 + Math.round(rnd() * 1e8);
    let trip = 0;
    let wasOn = false;
    const rows: PositionRow[] = [];
    for (let k = 0; k < n; k++) {
      const moving = (k + i) % 40 < 30;
      const speed = moving ? 30 + Math.round(rnd() * 60) : 0;
      const metres = (speed / 3.6) * REPORT_S;
      heading = (heading + (rnd() - 0.5) * 40 + 360) % 360;
      lat += (metres * Math.cos((heading * Math.PI) / 180)) / 111_320;
      lon += (metres * Math.sin((heading * Math.PI) / 180)) / 66_000;
      odometer += Math.round(metres);
      trip = moving ? trip + Math.round(metres) : 0;
      rows.push({
        unitId, deviceTimeMs: end - (n - k) * REPORT_S * 1000 + (i % REPORT_S) * 1000,
        lat: Math.round(lat * 1e7) / 1e7, lon: Math.round(lon * 1e7) / 1e7, altitude: 40 + Math.round(rnd() * 80),
        angle: Math.round(heading), satellites: 8 + Math.round(rnd() * 6), speed, priority: 0, eventIo: moving !== wasOn ? 239 : 0,
        io: {
          239: moving ? 1 : 0, 240: moving ? 1 : 0, 80: 0, 21: 3 + (k % 3), 200: 0, 69: 1, 181: 8 + (k % 7), 182: 6 + (k % 5),
          66: 13_800 + Math.round(rnd() * 600), 67: 4_100 - (k % 50), 68: 0, 1: moving ? 1 : 0, 16: odometer, 199: trip,
        },
        protocol: 'teltonika-tcp',
      });
      wasOn = moving;
    }
    return rows;
  });
}

/** The rows as they arrive at a live server: every unit's k-th report, then every unit's next. */
function arrivalOrder(perUnitRows: PositionRow[][]): PositionRow[] {
  const out: PositionRow[] = [];
  for (let k = 0; k < perUnit; k++) for (const rows of perUnitRows) out.push(rows[k] as PositionRow);
  return out;
}

/** COPY's text format: backslash, tab and line ends escaped (the IO is JSON, which may hold them in strings). */
const copyText = (v: string) => v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

function copyLines(rows: PositionRow[], from: number, to: number): string {
  let out = '';
  for (let j = from; j < to; j++) {
    const r = rows[j] as PositionRow;
    out += `${r.unitId}\t${new Date(r.deviceTimeMs).toISOString()}\t${r.lat}\t${r.lon}\t${r.altitude}\t${r.angle}\t${r.satellites}\t${r.speed}\t${r.priority}\t${r.eventIo}\t${copyText(JSON.stringify(r.io))}\t${copyText(r.protocol)}\t\\N\n`;
  }
  return out;
}

/** The rows as COPY text, 2,000 rows a chunk, made as COPY reads them: the formatting is timed, as the writer's JSON is. */
function* copyChunks(rows: PositionRow[]): Generator<string> {
  for (let j = 0; j < rows.length; j += 2000) yield copyLines(rows, j, Math.min(rows.length, j + 2000));
}

interface Run { method: string; rate: number; nodeMsPer1k: number; pgMsPer1k: number; walPerRow: number; rowsPerCommit?: number; busy: number }

/** CPU seconds the bench database's backends have used so far, per backend (utime + stime from /proc). */
async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const pids = (await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows;
  const out = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch { /* not on this machine, or gone */ }
  }
  return out;
}

async function measure(db: BenchDb, method: string, total: number, work: () => Promise<{ rowsPerCommit?: number }>): Promise<Run> {
  const pool = db.database.pool;
  await pool.query('TRUNCATE positions');
  await pool.query('CHECKPOINT').catch(() => { /* needs superuser (or pg_checkpoint): the WAL figure then includes whatever the last checkpoint left */ });
  const wal0 = (await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn;
  const meter = new CpuMeter(() => ({}));
  const pg0 = await backendCpu(pool);
  const node0 = process.cpuUsage();
  meter.begin();
  const started = performance.now();
  const { rowsPerCommit } = await work();
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage(node0);
  const busy = meter.end().machineBusy;
  const pg1 = await backendCpu(pool);
  let pgSeconds = 0;
  for (const [pid, s] of pg1) pgSeconds += s - (pg0.get(pid) ?? 0);
  const wal = (await pool.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS bytes', [wal0])).rows[0]?.bytes;
  const stored = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM positions')).rows[0]?.n);
  if (stored !== total) throw new Error(`${method}: ${stored} rows stored, ${total} expected`);
  const run: Run = {
    method, rate: total / seconds, nodeMsPer1k: ((node.user + node.system) / 1000 / total) * 1000, pgMsPer1k: (pgSeconds * 1000 / total) * 1000,
    walPerRow: Number(wal) / total, rowsPerCommit, busy,
  };
  log(`${method}: ${Math.round(run.rate).toLocaleString('en')} rows/s in ${seconds.toFixed(2)} s; CPU per 1,000 rows: this process ${run.nodeMsPer1k.toFixed(1)} ms, backends ${run.pgMsPer1k.toFixed(1)} ms; WAL ${Math.round(run.walPerRow)} B/row${rowsPerCommit ? `; ${Math.round(rowsPerCommit)} rows a commit` : ''}; machine ${(busy * 100).toFixed(0)} % busy`);
  return run;
}

/** Every unit a device, `packet` records at a time, the next only after the writer has committed the last. */
async function throughWriter(pool: pg.Pool, perUnitRows: PositionRow[][], packet: number): Promise<{ rowsPerCommit: number }> {
  let commits = 0;
  let committed = 0;
  const writer = positionWriter(pool, { onCommit: (rows) => { commits += 1; committed += rows; } });
  await Promise.all(perUnitRows.map(async (rows) => {
    for (let k = 0; k < rows.length; k += packet) await writer.write(rows.slice(k, k + packet));
  }));
  writer.close();
  return { rowsPerCommit: committed / commits };
}

async function byInsert(pool: pg.Pool, rows: PositionRow[]): Promise<{ rowsPerCommit: number }> {
  const batch = 4000;
  let next = 0;
  await Promise.all([0, 1, 2].map(async () => {
    while (next < rows.length) {
      const part = rows.slice(next, next + batch);
      next += batch;
      await pool.query(
        `INSERT INTO positions (unit_id, device_time, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol)
         SELECT u, to_timestamp(t / 1000.0), la, lo, al, an, sa, sp, pr, ev, io, pc
         FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::jsonb[], $12::text[])
           AS x(u, t, la, lo, al, an, sa, sp, pr, ev, io, pc)`,
        [part.map((r) => r.unitId), part.map((r) => r.deviceTimeMs), part.map((r) => r.lat), part.map((r) => r.lon), part.map((r) => r.altitude),
          part.map((r) => r.angle), part.map((r) => r.satellites), part.map((r) => r.speed), part.map((r) => r.priority), part.map((r) => r.eventIo),
          part.map((r) => JSON.stringify(r.io)), part.map((r) => r.protocol)]);
    }
  }));
  return { rowsPerCommit: batch };
}

async function byCopy(pool: pg.Pool, rows: PositionRow[]): Promise<{ rowsPerCommit: number }> {
  const client = await pool.connect();
  try {
    await pipeline(Readable.from(copyChunks(rows)), client.query(copyFrom(`COPY positions (${COLUMNS}) FROM STDIN`)));
  } finally {
    client.release();
  }
  return { rowsPerCommit: rows.length };
}

interface Size { rows: number; heap: number; toast: number; total: number; io: number; indexes: Record<string, number> }

/** The log's bytes on disk over all its partitions, per row. */
async function logSize(pool: pg.Pool): Promise<Size> {
  const q = async <T>(sql: string) => (await pool.query(sql)).rows as T[];
  const parts = `(SELECT inhrelid FROM pg_inherits WHERE inhparent = 'positions'::regclass)`;
  const [t] = await q<{ rows: string; heap: string; tbl: string; total: string; io: number }>(
    `SELECT (SELECT count(*) FROM positions)::text AS rows,
       (SELECT sum(pg_relation_size(inhrelid)) FROM ${parts} p)::text AS heap,
       (SELECT sum(pg_table_size(inhrelid)) FROM ${parts} p)::text AS tbl,
       (SELECT sum(pg_total_relation_size(inhrelid)) FROM ${parts} p)::text AS total,
       (SELECT avg(pg_column_size(io))::float8 FROM positions) AS io`);
  const idx = await q<{ name: string; bytes: string }>(
    `SELECT CASE WHEN x.indisprimary THEN 'primary key (id, device_time)' WHEN x.indisunique THEN 'unique key (unit_id, device_time, event_io)'
       ELSE 'flagged rows (partial)' END AS name, sum(pg_relation_size(x.indexrelid))::text AS bytes
     FROM pg_index x WHERE x.indrelid IN ${parts} GROUP BY 1 ORDER BY 1`);
  const rows = Number(t?.rows);
  return {
    rows, heap: Number(t?.heap) / rows, toast: (Number(t?.tbl) - Number(t?.heap)) / rows, total: Number(t?.total) / rows, io: t?.io ?? 0,
    indexes: Object.fromEntries(idx.map((r) => [r.name, Number(r.bytes) / rows])),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

async function run(external?: string) {
  const db = await benchDatabase(external);
  let closed = false;
  const asyncPool = new pg.Pool({ connectionString: db.url, max: 4, options: '-c synchronous_commit=off' });
  const cleanup = async () => {
    if (closed) return;
    closed = true;
    await asyncPool.end();
    await db.close();
  };
  cleanUpOnExit(cleanup, 1800, log);
  try {
    const settings = (await db.database.pool.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('synchronous_commit', 'fsync', 'wal_compression', 'full_page_writes', 'shared_buffers') ORDER BY name`)).rows;
    log(`${db.label}: ${settings.map((s) => `${s.name}=${s.setting}`).join(', ')}`);
    await createUnits(db.database, unitCount);
    const units = (await db.database.pool.query<{ id: number }>('SELECT id FROM units ORDER BY id')).rows.map((r) => r.id);
    const perUnitRows = fleetRows(units, perUnit);
    const flat = arrivalOrder(perUnitRows);
    const total = flat.length;
    log(`${total.toLocaleString('en')} rows (${unitCount} units × ${perUnit}), ${rounds} rounds`);
    const pool = db.database.pool;
    const restoreKey = async () => {
      await pool.query('TRUNCATE positions');
      await pool.query('CREATE UNIQUE INDEX IF NOT EXISTS positions_unit_time_event_idx ON positions USING btree (unit_id, device_time, event_io)');
    };
    const methods: Array<{ name: string; work: () => Promise<{ rowsPerCommit?: number }>; before?: () => Promise<unknown>; after?: () => Promise<unknown> }> = [
      { name: 'writer-1', work: () => throughWriter(pool, perUnitRows, 1) },
      { name: 'writer-10', work: () => throughWriter(pool, perUnitRows, 10) },
      { name: 'writer-async', work: () => throughWriter(asyncPool, perUnitRows, 1) },
      { name: 'insert', work: () => byInsert(pool, flat) },
      { name: 'copy', work: () => byCopy(pool, flat) },
      // The key is dropped before the clock starts and made again (on the emptied log) after it.
      { name: 'copy-nokey', before: () => pool.query('DROP INDEX positions_unit_time_event_idx'), work: () => byCopy(pool, flat), after: restoreKey },
    ];
    const runs: Run[] = [];
    const sizes: Size[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const m of methods) {
        await m.before?.();
        try {
          runs.push(await measure(db, m.name, total, m.work));
        } finally {
          await m.after?.();
        }
        if (m.name === 'writer-1') sizes.push(await logSize(pool));
      }
    }
    await pool.query('TRUNCATE positions');
    return { label: db.label, total, runs, sizes };
  } finally {
    await cleanup();
  }
}

const results = [await run(undefined)];
if (values.external) results.push(await run(values.external));
console.log(`machine: ${machine()}; load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en');
for (const r of results) {
  console.log(`\n${r.label}: ${r.total.toLocaleString('en')} rows (${unitCount} units × ${perUnit} reports), median of ${rounds}`);
  console.log('| method | rows/s median (runs) | vs copy | CPU per 1,000 rows: bench process / backends | WAL per row | rows a commit |');
  console.log('|---|---|---|---|---|---|');
  const copy = median(r.runs.filter((x) => x.method === 'copy').map((x) => x.rate));
  for (const method of [...new Set(r.runs.map((x) => x.method))]) {
    const xs = r.runs.filter((x) => x.method === method);
    const rate = median(xs.map((x) => x.rate));
    console.log(`| ${method} | **${fmt(rate)}** (${xs.map((x) => fmt(x.rate)).join(', ')}) | ${(rate / copy).toFixed(2)} | ${median(xs.map((x) => x.nodeMsPer1k)).toFixed(1)} / ${median(xs.map((x) => x.pgMsPer1k)).toFixed(1)} ms | ${fmt(median(xs.map((x) => x.walPerRow)))} B | ${xs[0]?.rowsPerCommit ? fmt(median(xs.map((x) => x.rowsPerCommit ?? 0))) : ''} |`);
  }
  const s = r.sizes.at(-1);
  if (s) {
    console.log(`log after writer-1 (${s.rows.toLocaleString('en')} rows): ${fmt(s.total)} B/row in all = heap ${fmt(s.heap)} + TOAST/maps ${fmt(s.toast)} + indexes ${Object.entries(s.indexes).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}; io jsonb ${fmt(s.io)} B on average`);
    console.log(`  (the ${r.sizes.length} writer-1 runs: ${r.sizes.map((x) => fmt(x.total)).join(', ')} B/row in all)`);
  }
  console.log(`machine busy during the runs: ${r.runs.map((x) => `${(x.busy * 100).toFixed(0)}`).join(', ')} %`);
}
process.exit(0);
