// Issue 8: the hot read calls under load. A site with 500 vehicles that all have a stored state,
// its places (POI and geofences), open and cleared alerts and service plans; the real server in its
// own process (so autocannon does not share its event loop); an operator of the site signed in.
// Each of vehicles?siteid, dashalerts and poi is driven with 50 connections for a fixed time (as a
// browser calls it: bearer token, instance uuid, XSRF cookie, accept-encoding br), then vehicles
// once more with 200 connections to compare with the first probe. Prints req/s, p50, p99 and errors
// per call, and the cores the server and PostgreSQL used.
// Usage: npx tsx bench/hot-reads.ts [--vehicles 500] [--seconds 15] [--connections 50] [--probe-connections 200]
//          [--calls vehicles,dashalerts,poi] [--profile DIR] [--log-level warn] [--accept-encoding identity] [--timeout 300]
// --profile DIR runs the server with `node --cpu-prof` and writes its .cpuprofile there (summarise
// it with `npx tsx bench/cpuprofile-top.ts DIR/*.cpuprofile`).
import autocannon from 'autocannon';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '@fleet/db';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, cleanUpOnExit, CpuMeter, createFleetSite, FLEET_BOX, type FleetServer, machine, startFleetServer,
} from './lib.ts';

const { values } = parseArgs({ options: {
  vehicles: { type: 'string', default: '500' },
  seconds: { type: 'string', default: '15' },
  warmup: { type: 'string', default: '3' },
  connections: { type: 'string', default: '50' },
  'probe-connections': { type: 'string', default: '200' },
  calls: { type: 'string', default: 'vehicles,dashalerts,poi' },
  profile: { type: 'string' },
  'log-level': { type: 'string', default: 'warn' },
  // What the client accepts; a browser sends 'gzip, deflate, br, zstd'. 'identity' measures without compression.
  'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
  timeout: { type: 'string', default: '300' },
  // Writes each call's answer (pretty JSON) to DIR, to compare the answers of two versions of the server.
  dump: { type: 'string' },
} });
const n = Number(values.vehicles);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const probeConnections = Number(values['probe-connections']);
const log = benchLog('hot-reads');
const command = `npx tsx bench/hot-reads.ts ${process.argv.slice(2).join(' ')}`.trim();

/** Places on the site: 1 per 2.5 vehicles (200 at 500), a fifth of them geofences, a sixth polygons. */
const PLACES_PER_VEHICLE = 0.4;
/** Times in the seed are before this fixed instant, so two runs' answers can be compared (--dump). */
const AT = `'2026-11-23T12:00:00Z'::timestamptz`;

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

/**
 * What a site of `n` vehicles holds after a while in use: every unit has a state, about 300 drivers
 * per 500 units, places (some around vehicles, so their location text reads 'At …'), open alerts of
 * every kind, a year's worth of cleared ones, and service plans of which some are due.
 */
async function seedSite(database: Database, siteId: number): Promise<{ places: number; openAlerts: number; clearedAlerts: number }> {
  const q = (sql: string, params: unknown[] = []) => database.pool.query(sql, params);
  const { south, north, west, east } = FLEET_BOX;
  // A repeatable spread: hashes of the unit id, not random().
  const frac = (col: string, salt: number) => `((hashint4(${col} + ${salt}) & 2147483647)::float8 / 2147483647)`;
  await q(`INSERT INTO drivers (site_id, name, updated_at) SELECT $1, 'Driver ' || g, ${AT} - (g || ' hours')::interval FROM generate_series(1, $2) g`,
    [siteId, Math.round(n * 0.6)]);
  await q(`UPDATE units u SET driver_id = d.id FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM drivers WHERE site_id = $1) d
    WHERE u.site_id = $1 AND d.k = (u.id % $2) + 1 AND u.id % 5 <> 0`, [siteId, Math.round(n * 0.6)]);
  await q(`INSERT INTO unit_state (unit_id, position_id, device_time, status_time, lat, lon, speed, angle, satellites, ignition, movement,
      odometer, engine_hours, pto1, panic, external_voltage, gsm_signal)
    SELECT u.id, u.id, ${AT} - (${frac('u.id', 1)} * 3600 || ' seconds')::interval, ${AT} - (${frac('u.id', 1)} * 3600 || ' seconds')::interval,
      ${south} + ${frac('u.id', 2)} * ${north - south}, ${west} + ${frac('u.id', 3)} * ${east - west},
      CASE WHEN u.id % 3 = 0 THEN 0 ELSE (${frac('u.id', 4)} * 110)::int END, (${frac('u.id', 5)} * 359)::int, 11,
      u.id % 3 <> 0, u.id % 3 <> 0, 20000 + ${frac('u.id', 6)} * 200000, 500 + ${frac('u.id', 7)} * 5000, u.id % 17 = 0, u.id % 97 = 0, 27.4, 4
    FROM units u WHERE u.site_id = $1`, [siteId]);
  const places = Math.round(n * PLACES_PER_VEHICLE);
  // Circles of 150 m to 2 km, half of them centred on a vehicle; polygons (squares of about 1 km) every sixth.
  await q(`INSERT INTO poi (site_id, name, mode, lat, lon, radius, points, is_geofence)
    SELECT $1, 'Place ' || g,
      CASE WHEN g % 6 = 0 THEN 2 ELSE 1 END,
      CASE WHEN g % 6 = 0 THEN NULL ELSE c.lat END, CASE WHEN g % 6 = 0 THEN NULL ELSE c.lon END,
      CASE WHEN g % 6 = 0 THEN NULL ELSE 150 + ${frac('g', 8)} * 1850 END,
      CASE WHEN g % 6 = 0 THEN jsonb_build_array(
        jsonb_build_object('x', c.lon - 0.007, 'y', c.lat - 0.0045), jsonb_build_object('x', c.lon + 0.007, 'y', c.lat - 0.0045),
        jsonb_build_object('x', c.lon + 0.007, 'y', c.lat + 0.0045), jsonb_build_object('x', c.lon - 0.007, 'y', c.lat + 0.0045)) END,
      g % 5 = 0
    FROM generate_series(1, $2) g
    CROSS JOIN LATERAL (
      SELECT coalesce(s.lat, ${south} + ${frac('g', 9)} * ${north - south}) AS lat, coalesce(s.lon, ${west} + ${frac('g', 10)} * ${east - west}) AS lon
      FROM (SELECT 1) one LEFT JOIN (SELECT st.lat, st.lon, row_number() OVER (ORDER BY st.unit_id) AS k FROM unit_state st JOIN units u ON u.id = st.unit_id
        WHERE u.site_id = $1) s ON g % 2 = 0 AND s.k = g) c`, [siteId, places]);
  // Cleared history: 20 alerts per vehicle over the past year; open: panic on 1 %, geofence on 12 %, SPN on 4 %, Run Over on 2 %.
  const alertSql = (kind: string, event: string, every: number, perUnit: number, cleared: boolean) => q(`
    INSERT INTO alerts (site_id, unit_id, kind, event, poi_id, position_id, happened_at, lat, lon, detail, cleared_at)
    SELECT $1, u.id, '${kind}', '${event}', ${kind === 'geofence' ? `(SELECT id FROM poi WHERE site_id = $1 ORDER BY id OFFSET (u.id % ${places}) LIMIT 1)` : 'NULL'},
      u.id * 1000 + k + ${cleared ? 500 : 0}, ${AT} - ((k + ${frac('u.id', 11)}) * ${cleared ? 400_000 : 3_000} || ' seconds')::interval, s.lat, s.lon,
      ${kind === 'spn' ? "'SPN 100 FMI 1'" : "''"}, ${cleared ? `${AT} - (k || ' minutes')::interval` : 'NULL'}
    FROM units u JOIN unit_state s ON s.unit_id = u.id CROSS JOIN generate_series(1, ${perUnit}) k
    WHERE u.site_id = $1 AND u.id % ${every} = 0`, [siteId]);
  let openAlerts = 0;
  for (const [kind, event, every] of [['panic', 'panic', 100], ['geofence', 'enter', 8], ['spn', 'fault', 25], ['runover', 'ignition on', 50]] as const) {
    openAlerts += (await alertSql(kind, event, every, 1, false)).rowCount ?? 0;
  }
  let clearedAlerts = 0;
  for (const [kind, event] of [['geofence', 'exit'], ['panic', 'panic'], ['runover', 'ignition on']] as const) {
    clearedAlerts += (await alertSql(kind, event, 1, kind === 'geofence' ? 16 : 2, true)).rowCount ?? 0;
  }
  // Service plans on a fifth of the units; about a third of those are due.
  await q(`UPDATE units SET service_due_date = current_date + ((id % 30) - 10), service_due_km = 150000 WHERE site_id = $1 AND id % 5 = 1`, [siteId]);
  await q('ANALYZE');
  return { places, openAlerts, clearedAlerts };
}

interface Signed { token: string; instanceuuid: string; siteid: number }

async function signIn(url: string): Promise<Signed> {
  const xsrf = 'bench-xsrf';
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ versionstring: 'DEV:231', user: BENCH_EMAIL, pass: BENCH_PASSWORD, product: 'fleet' }),
  });
  const body = await res.json() as { ok: number; user?: Signed; message?: string };
  if (!body.user) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.user;
}

interface Call { name: string; path: string; check(body: Record<string, unknown>): string | null }

function calls(s: Signed): Call[] {
  return [
    { name: 'vehicles', path: `/api/v1/vehicles?siteid=${s.siteid}&instanceuuid=${s.instanceuuid}`,
      check: (b) => (Array.isArray(b.vehicles) && b.vehicles.length === n ? null : `expected ${n} vehicles`) },
    { name: 'dashalerts', path: `/api/v1/dashalerts?instanceuuid=${s.instanceuuid}`,
      check: (b) => (Array.isArray(b.geofence) && b.geofence.length > 0 ? null : 'expected open geofence alerts') },
    { name: 'poi', path: `/api/v1/poi?siteid=${s.siteid}&instanceuuid=${s.instanceuuid}`,
      check: (b) => (Array.isArray(b.poi) && b.poi.length === Math.round(n * PLACES_PER_VEHICLE) ? null : 'expected every place') },
  ];
}

const headersOf = (s: Signed) => ({
  authorization: `Bearer ${s.token}`, cookie: 'XSRF-TOKEN=bench-xsrf', 'accept-encoding': values['accept-encoding'] as string, accept: 'application/json',
});

interface Row { call: string; connections: number; rps: number; p50: number; p99: number; max: number; requests: number; errors: number; non2xx: number; kib: number; server: number; postgres: number; others: number }

async function drive(url: string, s: Signed, c: Call, conns: number, duration: number, cpu: CpuMeter | undefined): Promise<autocannon.Result & { cpu?: ReturnType<CpuMeter['end']> }> {
  cpu?.begin();
  const result = await autocannon({ url: `${url}${c.path}`, connections: conns, duration, headers: headersOf(s) });
  return { ...result, cpu: cpu?.end() };
}

async function main() {
  const started = new Date();
  log(`setting up: embedded PostgreSQL, ${n} vehicles, server${values.profile ? ' (with --cpu-prof)' : ''}`);
  db = await benchDatabase();
  const { siteId } = await createFleetSite(db.database, n);
  const seeded = await seedSite(db.database, siteId);
  const profileDir = values.profile ? path.resolve(values.profile) : undefined;
  if (profileDir) await mkdir(profileDir, { recursive: true });
  server = await startFleetServer(db.url, {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: { LOG_LEVEL: values['log-level'] as string },
  });
  const s = await signIn(server.url);
  if (s.siteid !== siteId) throw new Error(`signed in on site ${s.siteid}, expected ${siteId}`);
  const all = calls(s);
  const chosen = (values.calls as string).split(',').map((name) => {
    const c = all.find((x) => x.name === name.trim());
    if (!c) throw new Error(`unknown call '${name}' (known: ${all.map((x) => x.name).join(', ')})`);
    return c;
  });
  // Each answer checked once, as a browser would receive it, so the figures never measure refusals.
  const sizes = new Map<string, number>();
  for (const c of chosen) {
    const res = await fetch(`${server.url}${c.path}`, { headers: headersOf(s) });
    const text = await res.text();
    const problem = res.status === 200 ? c.check(JSON.parse(text) as Record<string, unknown>) : `status ${res.status}: ${text.slice(0, 200)}`;
    if (problem) throw new Error(`${c.name}: ${problem}`);
    sizes.set(c.name, text.length);
    if (values.dump) {
      await mkdir(values.dump, { recursive: true });
      await writeFile(path.join(values.dump, `${c.name}.json`), `${JSON.stringify(JSON.parse(text), null, 1)}\n`);
    }
  }
  const cpu = new CpuMeter(() => ({ server: server?.child.pid }));
  const os = await import('node:os');
  const rows: Row[] = [];
  const runs: [Call, number][] = [...chosen.map((c) => [c, connections] as [Call, number])];
  const vehicles = chosen.find((c) => c.name === 'vehicles');
  if (vehicles && probeConnections > 0) runs.push([vehicles, probeConnections]);
  for (const [c, conns] of runs) {
    if (warmup > 0) await drive(server.url, s, c, conns, warmup, undefined);
    log(`${c.name}: ${conns} connections for ${seconds} s`);
    const r = await drive(server.url, s, c, conns, seconds, cpu);
    const groups = r.cpu?.groups ?? {};
    const used = Object.values(groups).reduce((a, b) => a + b, 0);
    rows.push({
      call: c.name, connections: conns, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max,
      requests: r.requests.total, errors: r.errors + r.timeouts, non2xx: r.non2xx, kib: r.throughput.average / 1024,
      server: groups.server ?? 0, postgres: groups.postgres ?? 0, others: Math.max(0, (r.cpu?.machineBusy ?? 0) * os.cpus().length - used),
    });
  }

  const lines: string[] = [];
  lines.push(`hot-reads: ${command}`);
  lines.push(`date: ${started.toISOString()}; machine: ${machine()}; ${db.label}`);
  lines.push(`site: ${n} vehicles with state, ${seeded.places} places, ${seeded.openAlerts} open alerts, ${seeded.clearedAlerts} cleared; server log level ${values['log-level']}; accept-encoding '${values['accept-encoding']}'; ${seconds} s per run after ${warmup} s warm-up`);
  lines.push(`answer sizes (uncompressed): ${[...sizes].map(([k, v]) => `${k} ${(v / 1024).toFixed(1)} KiB`).join(', ')}`);
  const head = ['call', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors', 'non-2xx', 'KiB/s sent', 'server cores', 'postgres cores', 'other cores', 'server CPU ms/req', 'postgres CPU ms/req'];
  const table = rows.map((r) => [r.call, String(r.connections), r.rps.toFixed(0), r.p50.toFixed(0), r.p99.toFixed(0), r.max.toFixed(0), String(r.requests),
    String(r.errors), String(r.non2xx), r.kib.toFixed(0), r.server.toFixed(2), r.postgres.toFixed(2), r.others.toFixed(2),
    ((1000 * r.server) / r.rps).toFixed(2), ((1000 * r.postgres) / r.rps).toFixed(2)]);
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => (t[i] as string).length)));
  const fmt = (cells: string[]) => cells.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  lines.push(fmt(head));
  for (const t of table) lines.push(fmt(t));
  lines.push('(cores: CPU used during the run; other cores: by processes outside this benchmark, as the machine may be shared;');
  lines.push(' CPU ms/req: cores / req/s, which varies less than req/s on a shared machine)');
  console.log(lines.join('\n'));
  const bad = rows.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (bad.length) log(`errors or refusals in: ${bad.map((r) => `${r.call}@${r.connections}`).join(', ')}`);
}

try {
  await main();
  await cleanup();
  if (values.profile) log(`CPU profile written to ${path.resolve(values.profile)}`);
  process.exit(0);
} catch (e) {
  log(`failed: ${e instanceof Error ? e.stack : String(e)}`);
  await cleanup();
  process.exit(1);
}
