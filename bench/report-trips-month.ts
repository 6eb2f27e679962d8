// Issue 14: a month's trip report for a site of N vehicles (default 500) with 8 trips a day each
// (and a stop after each), on the real server in its own process, over the wire as the reporting
// page asks: runreport, then reportrun polled until done and its first page read ("to the table"),
// then reportfile as PDF and as XLSX to the last byte. The server's RSS is sampled every 50 ms
// from /proc while each runs; its growth is the peak minus the RSS after a warm-up report of one
// day (which loads what any first report loads once: the places gazetteer, the PDF fonts).
// Targets (issue 14): each < 5 s, RSS growth < 200 MiB.
// Usage: npx tsx bench/report-trips-month.ts [--vehicles 500] [--per-day 8] [--runs 3] [--timeout 900]
// (BENCH_DATABASE_URL: an external PostgreSQL instead of the embedded one.)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, cleanUpOnExit, createFleetSite, type FleetServer, machine, startFleetServer,
} from './lib.ts';

const { values } = parseArgs({ options: {
  vehicles: { type: 'string', default: '500' },
  'per-day': { type: 'string', default: '8' },
  runs: { type: 'string', default: '3' },
  timeout: { type: 'string', default: '900' },
} });
const n = Number(values.vehicles);
const perDay = Number(values['per-day']);
const runs = Number(values.runs);
const log = benchLog('report-trips-month');
const MONTH = { from: '2026-11-01', to: '2026-11-30' };

let db: BenchDb | undefined;
let server: FleetServer | undefined;
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await server?.stop().catch(() => {});
    await db?.close().catch((e: unknown) => log(`database not dropped: ${String(e)}`));
  })();
  return cleaning;
}
cleanUpOnExit(cleanup, Number(values.timeout), log);

/** The server's resident set in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** The server process's CPU time in seconds (user + system; Linux ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** Samples the RSS every 50 ms while `fn` runs; answers its time, the peak and the server's CPU seconds (which, unlike the time, a busy machine does not inflate much). */
async function measured<T>(pid: number, fn: () => Promise<T>): Promise<{ ms: number; peak: number; cpu: number; value: T }> {
  const cpu0 = cpuSeconds(pid);
  let peak = rssMiB(pid);
  const timer = setInterval(() => { peak = Math.max(peak, rssMiB(pid)); }, 50);
  const started = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - started, peak: Math.max(peak, rssMiB(pid)), cpu: cpuSeconds(pid) - cpu0, value };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  log(machine());
  db = await benchDatabase(process.env.BENCH_DATABASE_URL);
  log(db.label);
  const { siteId } = await createFleetSite(db.database, n);
  const q = (sql: string, params: unknown[] = []) => db!.database.pool.query(sql, params);
  await q(`UPDATE sites SET timezone = 'Europe/London', unit_system = 'imperial' WHERE id = $1`, [siteId]);
  const units = (await q('SELECT id FROM units WHERE site_id = $1 ORDER BY id', [siteId])).rows.map((r: { id: number }) => r.id);
  const slot = Math.floor((24 * 60) / (2 * perDay));
  const t0 = performance.now();
  await q(`INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
      distance_m, driving_s, idle_s, max_speed, avg_speed, points)
    SELECT u, CASE WHEN k % 2 = 0 THEN 'trip' ELSE 'stop' END,
      $2::timestamptz + (d || ' days')::interval + (k * $4 || ' minutes')::interval,
      $2::timestamptz + (d || ' days')::interval + ((k + 1) * $4 || ' minutes')::interval,
      53.5 + (u % 100) / 200.0, -2 + (k % 7) / 50.0, 53.5 + (u % 100) / 200.0 + 0.01, -2 + (k % 7) / 50.0 + 0.01, 1, 2,
      CASE WHEN k % 2 = 0 THEN 20000 + (u * 37 + d * 11 + k) % 15000 ELSE 0 END, CASE WHEN k % 2 = 0 THEN 3000 ELSE 0 END,
      CASE WHEN k % 2 = 0 THEN 240 ELSE 0 END, CASE WHEN k % 2 = 0 THEN 70 + (u + k) % 50 ELSE 0 END, CASE WHEN k % 2 = 0 THEN 25.2 ELSE 0 END, 500
    FROM unnest($1::int[]) u CROSS JOIN generate_series(0, 29) d CROSS JOIN generate_series(0, $3 * 2 - 1) k`,
  [units, `${MONTH.from}T00:00:00Z`, perDay, slot]);
  const trips = (await q(`SELECT count(*)::int AS c FROM trips WHERE kind = 'trip'`)).rows[0].c as number;
  await q('ANALYZE');
  log(`seeded ${trips} trips (and as many stops) for ${n} vehicles in ${Math.round(performance.now() - t0)} ms`);

  server = await startFleetServer(db.url);
  const pid = server.child.pid as number;
  const xsrf = 'bench-xsrf';
  const cookie = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...cookie },
    body: JSON.stringify({ versionstring: 'DEV:231', user: BENCH_EMAIL, pass: BENCH_PASSWORD, product: 'fleet' }),
  });
  const { user } = await login.json() as { user: { token: string } };
  const auth = { authorization: `Bearer ${user.token}` };
  const api = `${server.url}/api/v1`;

  /** runreport, polled every 50 ms until done, then its first page of 500 rows. */
  async function toTable(record: { from: string; to: string } = MONTH): Promise<{ id: number; rows: number; progressSeen: string[] }> {
    const res = await fetch(`${api}/runreport`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...cookie, ...auth },
      body: JSON.stringify({ what: 'trips', metric: 'site', src: [], record }),
    });
    if (res.status !== 200) throw new Error(`runreport: ${res.status} ${await res.text()}`);
    const { id } = await res.json() as { id: number };
    const seen = new Set<string>();
    for (;;) {
      const poll = await (await fetch(`${api}/reportrun?id=${id}&offset=0&limit=500`, { headers: { ...auth, 'accept-encoding': 'br' } })).json() as
        { run: { status: string; progress: { text: string }; error: string | null }; totalRows: number };
      seen.add(poll.run.progress.text);
      if (poll.run.status === 'done') return { id, rows: poll.totalRows, progressSeen: [...seen] };
      if (poll.run.status !== 'queued' && poll.run.status !== 'running') throw new Error(`run ${id}: ${poll.run.status} ${poll.run.error}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  async function file(id: number, format: 'pdf' | 'xlsx'): Promise<number> {
    const res = await fetch(`${api}/reportfile?id=${id}&format=${format}`, { headers: auth });
    if (res.status !== 200) throw new Error(`reportfile ${format}: ${res.status} ${await res.text()}`);
    return (await res.arrayBuffer()).byteLength;
  }

  // Warm-up: one day's report and its files load what any first report loads once (the places
  // gazetteer for location names, about 150 MiB, shared with the journeys pages; the PDF fonts).
  const warm = await toTable({ from: MONTH.from, to: MONTH.from });
  await file(warm.id, 'pdf');
  await file(warm.id, 'xlsx');
  const base = rssMiB(pid);
  log(`server RSS before: ${base.toFixed(0)} MiB`);
  const lines: string[] = [];
  let peak = base;
  for (let i = 0; i < runs; i++) {
    const table = await measured(pid, toTable);
    if (table.value.rows !== trips) throw new Error(`the run has ${table.value.rows} rows, the month ${trips} trips`);
    const pdf = await measured(pid, () => file(table.value.id, 'pdf'));
    const xlsx = await measured(pid, () => file(table.value.id, 'xlsx'));
    peak = Math.max(peak, table.peak, pdf.peak, xlsx.peak);
    const line = `run ${i + 1}: to the table ${(table.ms / 1000).toFixed(2)} s, server CPU ${table.cpu.toFixed(2)} s (${table.value.rows} rows; progress seen: ${table.value.progressSeen.slice(1, 4).join(' | ')} …), `
      + `PDF ${(pdf.ms / 1000).toFixed(2)} s, CPU ${pdf.cpu.toFixed(2)} s (${(pdf.value / 2 ** 20).toFixed(1)} MiB), XLSX ${(xlsx.ms / 1000).toFixed(2)} s, CPU ${xlsx.cpu.toFixed(2)} s (${(xlsx.value / 2 ** 20).toFixed(1)} MiB); `
      + `RSS peak: table ${table.peak.toFixed(0)}, PDF ${pdf.peak.toFixed(0)}, XLSX ${xlsx.peak.toFixed(0)} MiB`;
    log(line);
    lines.push(line);
  }
  log(`RSS growth (peak of all runs − before): ${(peak - base).toFixed(0)} MiB (before ${base.toFixed(0)}, peak ${peak.toFixed(0)})`);
}

main().then(cleanup, async (err: unknown) => {
  log(`failed: ${err instanceof Error ? err.stack : String(err)}`);
  await cleanup();
  process.exitCode = 1;
});
