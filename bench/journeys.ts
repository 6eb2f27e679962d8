// Issue 12: the journeys reads. A site of N vehicles (default 500) with a month of trips and stops
// each; one vehicle that reported every second of one day (86,400 positions, the replay's worst
// case) and every other vehicle a lighter day; the real server in its own process; an operator of
// the site signed in. Times, over the wire as a browser asks (bearer token, accept-encoding):
//   data?d&v for the 1 Hz vehicle-day: to the last byte, compressed (br and gzip) and not, with sizes;
//   activity?d&v for vehicle-days: p50 / p95 over many vehicles;
//   trips?siteid&from&to for the whole site over a month.
// Usage: npx tsx bench/journeys.ts [--vehicles 500] [--others 2000] [--runs 10] [--timeout 900]
// (BENCH_DATABASE_URL: an external PostgreSQL instead of the embedded one.)
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, cleanUpOnExit, CpuMeter, createFleetSite, type FleetServer, machine, percentile,
  startFleetServer,
} from './lib.ts';

const { values } = parseArgs({ options: {
  vehicles: { type: 'string', default: '500' },
  others: { type: 'string', default: '2000' },
  runs: { type: 'string', default: '10' },
  timeout: { type: 'string', default: '900' },
  // Runs the server with `node --cpu-prof` into DIR (summarise with `npx tsx bench/cpuprofile-top.ts DIR/*.cpuprofile`).
  profile: { type: 'string' },
  // Only these measurements (data, activity, trips).
  only: { type: 'string', default: 'data,activity,trips' },
} });
const only = new Set(values.only.split(','));
const n = Number(values.vehicles);
const others = Number(values.others);
const runs = Number(values.runs);
const log = benchLog('journeys');
const DAY = '2026-11-20';
const MONTH = ['2026-11-01', '2026-11-30'] as const;

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

/** GET to the last byte without decoding: the time, the bytes on the wire, the encoding. */
function fetchRaw(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; status: number; encoding: string; body: Buffer }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ ms: performance.now() - started, bytes: body.length, status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), body });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function main(): Promise<void> {
  log(machine());
  db = await benchDatabase(process.env.BENCH_DATABASE_URL);
  log(db.label);
  const { siteId } = await createFleetSite(db.database, n);
  const q = (sql: string, params: unknown[] = []) => db!.database.pool.query(sql, params);
  const units = (await q('SELECT id FROM units WHERE site_id = $1 ORDER BY id', [siteId])).rows.map((r: { id: number }) => r.id);
  const busy = units[0] as number;

  let t0 = performance.now();
  // The busy vehicle: every second of the day (GMT: the day is 00:00-24:00 UTC), driving in a slow circle with the usual IO.
  await q(`INSERT INTO positions (unit_id, device_time, lat, lon, speed, angle, satellites, io, protocol)
    SELECT $1, $2::timestamptz + (g || ' seconds')::interval, 53.8 + 0.05 * sin(g / 3000.0), -1.55 + 0.08 * cos(g / 3000.0),
      (40 + 30 * sin(g / 200.0))::int, (g / 10) % 360, 11,
      jsonb_build_object('239', CASE WHEN (g / 3600) % 3 = 2 THEN 0 ELSE 1 END, '240', 1, '66', 27600, '16', 1000000 + g * 11, '21', 4),
      'teltonika'
    FROM generate_series(0, 86399) g`, [busy, `${DAY}T00:00:00Z`]);
  // Every other vehicle: `others` positions spread over the same day.
  await q(`INSERT INTO positions (unit_id, device_time, lat, lon, speed, angle, satellites, io, protocol)
    SELECT u, $2::timestamptz + ((g * 86400 / $3) || ' seconds')::interval, 53.5 + (u % 100) / 200.0, -2 + (u % 77) / 100.0, 30, 90, 9,
      '{"239":1,"66":27600}'::jsonb, 'teltonika'
    FROM unnest($1::int[]) u CROSS JOIN generate_series(0, $3 - 1) g`, [units.slice(1), `${DAY}T00:00:00Z`, others]);
  log(`positions: ${86_400 + others * (n - 1)} in ${Math.round(performance.now() - t0)} ms`);

  t0 = performance.now();
  // A month of trips and stops for every vehicle: 8 trips a day, a stop after each (segments tile the day).
  await q(`INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
      distance_m, driving_s, idle_s, max_speed, avg_speed, points)
    SELECT u, CASE WHEN k % 2 = 0 THEN 'trip' ELSE 'stop' END,
      $2::timestamptz + (d || ' days')::interval + (k * 90 || ' minutes')::interval,
      $2::timestamptz + (d || ' days')::interval + ((k + 1) * 90 || ' minutes')::interval,
      53.5 + (u % 100) / 200.0, -2 + (k % 7) / 50.0, 53.5 + (u % 100) / 200.0 + 0.01, -2 + (k % 7) / 50.0 + 0.01, 1, 2,
      CASE WHEN k % 2 = 0 THEN 35000 ELSE 0 END, CASE WHEN k % 2 = 0 THEN 5000 ELSE 0 END, CASE WHEN k % 2 = 0 THEN 400 ELSE 0 END,
      CASE WHEN k % 2 = 0 THEN 95 ELSE 0 END, CASE WHEN k % 2 = 0 THEN 25.2 ELSE 0 END, 500
    FROM unnest($1::int[]) u CROSS JOIN generate_series(0, 29) d CROSS JOIN generate_series(0, 15) k`, [units, `${MONTH[0]}T00:00:00Z`]);
  const trips = (await q(`SELECT count(*)::int AS c FROM trips WHERE kind = 'trip'`)).rows[0].c as number;
  await q('ANALYZE');
  const size = (await q(`SELECT pg_size_pretty(pg_total_relation_size('positions')) AS p, pg_size_pretty(pg_total_relation_size('trips')) AS t`)).rows[0];
  log(`trips: ${trips} trips (and as many stops) in ${Math.round(performance.now() - t0)} ms; positions ${size.p}, trips ${size.t} on disk`);

  server = await startFleetServer(db.url, values.profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {});
  const xsrf = 'bench-xsrf';
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ versionstring: 'DEV:231', user: BENCH_EMAIL, pass: BENCH_PASSWORD, product: 'fleet' }),
  });
  const { user } = await login.json() as { user: { token: string } };
  const headers = (encoding: string) => ({ authorization: `Bearer ${user.token}`, 'accept-encoding': encoding });

  const lines: string[] = [];
  // CPU the server and PostgreSQL spent per answer: on a shared machine this, unlike the wall time, does not grow with the load.
  const cpu = new CpuMeter(() => ({ server: server?.child.pid }));
  let began = 0;
  const start = () => { cpu.begin(); began = performance.now(); };
  const cpuPer = (count: number) => {
    const c = cpu.end();
    const s = (performance.now() - began) / 1000;
    return `CPU per answer: server ${((c.groups.server ?? 0) * s * 1000 / count).toFixed(0)} ms, PostgreSQL ${((c.groups.postgres ?? 0) * s * 1000 / count).toFixed(0)} ms; load ${os.loadavg()[0]!.toFixed(1)}`;
  };
  for (const encoding of only.has('data') ? ['br', 'gzip', 'identity'] : []) {
    const times: number[] = [];
    let bytes = 0;
    await fetchRaw(`${server.url}/api/v1/data?d=${DAY}&v=${busy}`, headers(encoding)); // warms the statement and the connection
    start();
    for (let i = 1; i < runs + 1; i++) {
      const r = await fetchRaw(`${server.url}/api/v1/data?d=${DAY}&v=${busy}`, headers(encoding));
      if (r.status !== 200 || r.encoding !== encoding) throw new Error(`data: ${r.status} ${r.encoding} ${r.body.subarray(0, 200).toString()}`);
      times.push(r.ms);
      bytes = r.bytes;
    }
    const used = cpuPer(times.length);
    times.sort((a, b) => a - b);
    lines.push(`data (86,400 points) ${encoding}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB on the wire; ${used}`);
  }

  const act: number[] = [];
  start();
  for (let i = 0; i < (only.has('activity') ? Math.max(50, runs * 5) : 0); i++) {
    const v = units[(i * 7) % units.length] as number;
    const r = await fetchRaw(`${server.url}/api/v1/activity?d=${DAY}&v=${v}`, headers('br'));
    if (r.status !== 200) throw new Error(`activity: ${r.status}`);
    if (i >= 5) act.push(r.ms);
  }
  const actCpu = cpuPer(Math.max(50, runs * 5));
  act.sort((a, b) => a - b);
  if (act.length) lines.push(`activity (vehicle-day, 16 segments): p50 ${percentile(act, 50).toFixed(0)} ms, p95 ${percentile(act, 95).toFixed(0)} ms over ${act.length}; ${actCpu}`);

  const month: number[] = [];
  let monthBytes = 0;
  if (only.has('trips')) await fetchRaw(`${server.url}/api/v1/trips?siteid=${siteId}&from=${MONTH[0]}&to=${MONTH[1]}`, headers('br'));
  start();
  for (let i = 1; i < (only.has('trips') ? Math.max(3, Math.round(runs / 2)) + 1 : 0); i++) {
    const r = await fetchRaw(`${server.url}/api/v1/trips?siteid=${siteId}&from=${MONTH[0]}&to=${MONTH[1]}`, headers('br'));
    if (r.status !== 200) throw new Error(`trips: ${r.status} ${r.body.subarray(0, 200).toString()}`);
    month.push(r.ms);
    monthBytes = r.bytes;
  }
  const monthCpu = cpuPer(month.length);
  month.sort((a, b) => a - b);
  if (month.length) lines.push(`trips (a month, ${n} vehicles, ${trips} trips) br: p50 ${percentile(month, 50).toFixed(0)} ms, max ${month.at(-1)!.toFixed(0)} ms, ${(monthBytes / 2 ** 20).toFixed(1)} MiB on the wire; ${monthCpu}`);
  for (const l of lines) process.stdout.write(`${l}\n`);
}

main().then(cleanup, async (e: unknown) => {
  log(`failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  await cleanup();
  process.exitCode = 1;
});
