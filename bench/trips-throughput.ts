// Does the trips processor keep up with ingest? Positions go into the log at a steady rate (default
// 20,000/s across 1,000 units) through the real position writer, while the trips processor runs in a
// process of its own as in the ingest (its loop, its batch, polling instead of being kicked); every
// second the run samples its lag (log rows between its cursor and the newest row, and the age of the
// position at its cursor) and its resident memory. After the load it waits for the processor to catch up.
// Each unit drives 10 minutes, idles 4 with the engine on, parks 6, over and over, one record per
// second of device time (device time runs ahead of the clock: a unit reports 20 records a second).
// CPU is metered per process (the processor's, PostgreSQL's, the feeder's) so a shared machine shows.
// Usage: npx tsx bench/trips-throughput.ts [--seconds 60] [--units 1000] [--rate 20000] [--backlog] [--external postgres://…]
import { connect } from '@fleet/db';
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { positionWriter, type PositionRow } from '../apps/server/src/ingest/position-writer.ts';
import { processorLoop } from '../apps/server/src/ingest/processors/loop.ts';
import { tripsProcessor } from '../apps/server/src/ingest/processors/trips-processor.ts';
import { unitDirectory } from '../apps/server/src/ingest/unit-directory.ts';
import os from 'node:os';
import { benchDatabase, benchLog, cleanUpOnExit, CpuMeter, createUnits, machine } from './lib.ts';

const { values } = parseArgs({ options: {
  seconds: { type: 'string', default: '60' }, units: { type: 'string', default: '1000' }, rate: { type: 'string', default: '20000' },
  external: { type: 'string' }, worker: { type: 'boolean', default: false },
  // The processor starts only once the load is stored: its catch-up rate alone is its capacity.
  backlog: { type: 'boolean', default: false },
} });
const log = benchLog('trips-throughput');

/** The processor's process: the trips processor's loop, reporting its peak memory when asked. */
async function worker(): Promise<void> {
  const database = connect(process.env.BENCH_DB_URL ?? '', { max: 4 });
  const trips = tripsProcessor(database.pool, unitDirectory(database.pool));
  let processed = 0;
  const loop = processorLoop(async () => {
    const n = await trips.runOnce();
    processed += n;
    return n;
  }, { batch: trips.batch, idleMs: 100, onError: (err) => log(`trips processor: ${String(err)}`) });
  let peak = process.memoryUsage().rss;
  const meter = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 100);
  process.on('message', (m) => {
    if (m === 'report') process.send?.({ rss: process.memoryUsage().rss, peak, processed, ...trips.totals() });
  });
  process.once('SIGTERM', () => {
    clearInterval(meter);
    void loop.stop().then(() => database.close()).then(() => process.exit(0));
  });
  loop.start();
  process.send?.({ ready: true });
}

const DRIVE_S = 600;
const IDLE_S = 240;
const CYCLE_S = 1200;

/** Unit `i`'s record number `k` (one per second of device time). */
function recordOf(unitId: number, i: number, k: number, startMs: number): PositionRow {
  const s = (k + i * 37) % CYCLE_S;
  const cycle = Math.floor((k + i * 37) / CYCLE_S);
  const driven = cycle * DRIVE_S + Math.min(s, DRIVE_S);
  const moving = s < DRIVE_S;
  const ign = s < DRIVE_S + IDLE_S;
  // 50 km/h (13.9 m/s) north-east, from each unit's own corner of Yorkshire.
  const m = driven * 13.9;
  return {
    unitId, deviceTimeMs: startMs + k * 1000,
    lat: 53.5 + (i % 40) * 0.02 + (m * 0.7071) / 111_320, lon: -2 + Math.floor(i / 40) * 0.03 + (m * 0.7071) / 66_000,
    altitude: 60, angle: 45, satellites: 10, speed: moving ? 50 : 0, priority: 0, eventIo: 0,
    io: { 239: ign ? 1 : 0, 240: moving ? 1 : 0, 16: Math.round(1_000_000 + m), 66: 27_600 }, protocol: 'teltonika-tcp',
  };
}

async function main(): Promise<void> {
  const seconds = Number(values.seconds);
  const unitCount = Number(values.units);
  const rate = Number(values.rate);
  const db = await benchDatabase(values.external);
  await createUnits(db.database, unitCount);
  const units = (await db.database.pool.query<{ id: number }>('SELECT id FROM units ORDER BY id')).rows.map((r) => r.id);
  type Report = { rss: number; peak: number; processed: number; runs: number; recut: number; segments: number };
  let child: ReturnType<typeof fork> | undefined;
  const startWorker = async () => {
    const c = fork(import.meta.filename, ['--worker'], { env: { ...process.env, BENCH_DB_URL: db.url }, execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [])] });
    child = c;
    await new Promise((r) => c.once('message', r));
  };
  const ask = () => new Promise<Report>((resolve) => {
    if (!child) return resolve({ rss: 0, peak: 0, processed: 0, runs: 0, recut: 0, segments: 0 });
    child.once('message', (m) => resolve(m as Report));
    child.send('report');
  });
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    if (child) {
      const c = child;
      c.kill('SIGTERM');
      await new Promise((r) => c.once('exit', r));
    }
    await db.close();
  };
  cleanUpOnExit(cleanup, seconds + 900, log);
  if (!values.backlog) await startWorker();
  const meter = new CpuMeter(() => ({ processor: child?.pid }));
  meter.begin();

  console.log(`# trips processor ${values.backlog ? 'catching up with' : 'against'} ${rate.toLocaleString('en')} positions/s, ${unitCount} units, ${seconds} s`);
  console.log(`machine: ${machine()}; ${db.label}`);
  const writer = positionWriter(db.database.pool);
  const startMs = Date.UTC(2026, 10, 20, 0, 0, 0);
  const perTick = Math.round(rate / 10);
  const next = new Array<number>(units.length).fill(0);
  let sent = 0;
  let failed = 0;
  const started = Date.now();
  const samples: Array<{ t: number; stored: number; behind: number; ageS: number; rss: number }> = [];

  const sample = async () => {
    const r = await db.database.pool.query<{ last: string | null; done: string | null; age: number | null }>(
      `SELECT (SELECT max(id) FROM positions)::text AS last, c.position_id::text AS done,
         (SELECT extract(epoch FROM now() - p.received_at)::float8 FROM positions p WHERE p.id = c.position_id) AS age
       FROM (SELECT (SELECT position_id FROM processor_cursors WHERE name = 'trips') AS position_id) c`);
    const row = r.rows[0];
    const behind = Number(BigInt(row?.last ?? '0') - BigInt(row?.done ?? '0'));
    const w = await ask();
    samples.push({ t: (Date.now() - started) / 1000, stored: Number(row?.last ?? 0), behind, ageS: behind > 0 ? (row?.age ?? 0) : 0, rss: w.rss });
  };

  // The load: every 100 ms a tenth of a second's rows. Units are split into three lanes (the writer's
  // three statements in flight); a lane writes its next rows once its last ones are committed, as a
  // device sends its next packet after the ACK, so each unit's records reach the log in order.
  const sampler = setInterval(() => { void sample(); }, 1000);
  const end = started + seconds * 1000;
  const LANES = 3;
  const lane = async (l: number) => {
    let tick = 0;
    while (Date.now() < end) {
      const rows: PositionRow[] = [];
      for (let n = 0; n < Math.round(perTick / LANES); n++) {
        // The lane's units in turn.
        const turn = laneNext[l] ?? 0;
        laneNext[l] = turn + 1;
        const i = l + LANES * (turn % Math.ceil((units.length - l) / LANES));
        const k = next[i] ?? 0;
        next[i] = k + 1;
        rows.push(recordOf(units[i] as number, i, k, startMs));
      }
      sent += rows.length;
      await writer.write(rows).catch(() => { failed += rows.length; });
      tick += 1;
      const wait = started + tick * 100 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  const laneNext = new Array<number>(LANES).fill(0);
  await Promise.all(Array.from({ length: LANES }, (_, l) => lane(l)));
  while (writer.pending > 0) await new Promise((r) => setTimeout(r, 20));
  const loadS = (Date.now() - started) / 1000;
  const loadCpu = meter.end();
  if (values.backlog) {
    await startWorker();
    meter.begin();
  }
  const caughtFrom = Date.now();
  for (;;) {
    const r = await db.database.pool.query<{ behind: string }>(
      `SELECT ((SELECT coalesce(max(id), 0) FROM positions) - coalesce((SELECT position_id FROM processor_cursors WHERE name = 'trips'), 0))::text AS behind`);
    if (r.rows[0]?.behind === '0') break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const catchUpS = (Date.now() - caughtFrom) / 1000;
  const catchCpu = meter.end();
  const load1 = os.loadavg()[0] ?? 0;
  clearInterval(sampler);
  await sample();
  writer.close();
  const w = await ask();
  const stored = Number((await db.database.pool.query('SELECT count(*) FROM positions')).rows[0].count);
  const segs = (await db.database.pool.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM trips GROUP BY kind ORDER BY kind')).rows;

  console.log(`\nload: ${sent.toLocaleString('en')} positions sent in ${loadS.toFixed(1)} s (${Math.round(sent / loadS).toLocaleString('en')}/s), ${stored.toLocaleString('en')} stored, ${failed} failed`);
  const busyS = values.backlog ? catchUpS : loadS + catchUpS;
  console.log(`trips processor: ${w.processed.toLocaleString('en')} log rows in ${busyS.toFixed(1)} s (${Math.round(w.processed / busyS).toLocaleString('en')}/s), caught up ${catchUpS.toFixed(1)} s after the load`);
  const cores = (c: { groups: Record<string, number> }, k: string) => (c.groups[k] ?? 0).toFixed(2);
  console.log(`CPU (cores) during the load: processor ${cores(loadCpu, 'processor')}, PostgreSQL ${cores(loadCpu, 'postgres')}, feeder ${cores(loadCpu, 'bench')}; machine busy ${(loadCpu.machineBusy * 100).toFixed(0)} %`);
  console.log(`CPU (cores) while catching up: processor ${cores(catchCpu, 'processor')}, PostgreSQL ${cores(catchCpu, 'postgres')}; machine busy ${(catchCpu.machineBusy * 100).toFixed(0)} %; load average ${load1.toFixed(1)}`);
  console.log(`segments: ${segs.map((s) => `${s.n.toLocaleString('en')} ${s.kind}s`).join(', ')}; ${w.runs} runs; units cut again for a late position: ${w.recut}`);
  console.log(`processor process: peak RSS ${Math.round(w.peak / 2 ** 20)} MiB`);
  const behind = samples.map((s) => s.behind).sort((a, b) => a - b);
  const ages = samples.map((s) => s.ageS).sort((a, b) => a - b);
  console.log(`lag while loaded: max ${behind.at(-1)?.toLocaleString('en')} rows, max ${ages.at(-1)?.toFixed(1)} s; median ${behind[Math.floor(behind.length / 2)]?.toLocaleString('en')} rows`);
  console.log('\n| t (s) | log rows stored | rows behind | seconds behind | processor RSS (MiB) |\n|---|---|---|---|---|');
  for (const s of samples.filter((_, i) => i % 5 === 4 || i === samples.length - 1)) {
    console.log(`| ${s.t.toFixed(0)} | ${s.stored.toLocaleString('en')} | ${s.behind.toLocaleString('en')} | ${s.ageS.toFixed(1)} | ${Math.round(s.rss / 2 ** 20)} |`);
  }
  await cleanup();
}

if (values.worker) await worker();
else await main();
