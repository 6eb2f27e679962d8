// History at scale (issue 12): the journeys calls of the real server against the 50-million-position
// database that bench/seed-history.ts made, one call at a time as a user's browser makes them.
// - activity for many different vehicle-days (random vehicles and days over the 90): p50 / p95 / max;
// - data for the 1 Hz vehicle-day (86,400 points), compressed (br, as browsers ask): time to the last byte;
// - data for ordinary vehicle-days, for comparison;
// - trips of the 500-vehicle site over 31 days;
// - the positions log's own reads that partitioning could have slowed: the processors' id window, the
//   log horizon's max(id), a lookup by id alone (every partition) and by id and device time (one).
// Goals of the issue: activity p95 < 150 ms, 1 Hz data < 1 s, a month of trips for 500 vehicles < 2 s.
//
//   npx tsx bench/history-queries.ts [--db fleet_history] [--activity 300] [--runs 5]
// BENCH_DATABASE_URL: the administrator URL the seed used (default the machine's PostgreSQL).
import pg from 'pg';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { BENCH_EMAIL, BENCH_PASSWORD, benchLog, machine, percentile, startFleetServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'fleet_history' },
    activity: { type: 'string', default: '300' },
    runs: { type: 'string', default: '5' },
  },
});
const log = benchLog('history');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(adminUrl);
url.pathname = `/${values.db}`;
const FIRST_DAY = '2026-08-26';
const DAYS = 90;
const ONE_HZ_DAY = '2026-11-20';

const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const version = (await db.query('SHOW server_version')).rows[0].server_version as string;
const facts = (await db.query(`SELECT
    (SELECT count(*) FROM positions)::bigint AS positions, (SELECT count(*) FROM trips)::int AS trips,
    (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass)::bigint AS pbytes,
    pg_total_relation_size('trips')::bigint AS tbytes,
    (SELECT count(*) FROM pg_inherits WHERE inhparent = 'positions'::regclass)::int AS partitions`)).rows[0];
const sites = (await db.query(`SELECT s.id, s.name, count(u.id)::int AS n FROM sites s JOIN units u ON u.site_id = s.id GROUP BY 1, 2 ORDER BY 1`)).rows as { id: number; name: string; n: number }[];
const units = (await db.query(`SELECT id, device_id FROM units ORDER BY id`)).rows as { id: number; device_id: string }[];
const oneHz = units.find((u) => u.device_id === '980000000000001')?.id;
if (!oneHz || sites.length === 0) throw new Error(`${values.db} is not a history seed (run bench/seed-history.ts)`);
// A server started on the database takes the log up from its end.
await db.query(`INSERT INTO processor_cursors (name, position_id) SELECT c, (SELECT max(id) FROM positions) FROM unnest(ARRAY['state', 'events', 'trips']) c
  ON CONFLICT (name) DO UPDATE SET position_id = EXCLUDED.position_id`);
const gib = (b: number | string) => `${(Number(b) / 2 ** 30).toFixed(2)} GiB`;
log(`${machine()}; PostgreSQL ${version} (${values.db}); load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
log(`${Number(facts.positions).toLocaleString('en')} positions in ${facts.partitions} partitions (${gib(facts.pbytes)}), ${facts.trips.toLocaleString('en')} trips and stops (${gib(facts.tbytes)})`);

const server = await startFleetServer(url.toString());
const stop = async () => {
  await server.stop();
  await db.end().catch(() => {});
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  const xsrf = 'bench-xsrf';
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ versionstring: 'DEV:231', user: BENCH_EMAIL, pass: BENCH_PASSWORD, product: 'fleet' }),
  });
  const token = ((await login.json()) as { user?: { token: string } }).user?.token;
  if (!token) throw new Error(`sign-in failed: ${login.status}`);

  /** One call as the browser makes it; time to the last byte, and the bytes that travelled. */
  async function call(path: string, encoding = 'br, gzip'): Promise<{ ms: number; bytes: number; body: Record<string, unknown> }> {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/v1/${path}`, {
      headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'accept-encoding': encoding, accept: 'application/json' },
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    const body = JSON.parse(text) as Record<string, unknown>;
    if (res.status !== 200 || body.ok !== 1) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    // fetch undoes the compression; the length on the wire is the header's.
    const bytes = Number(res.headers.get('content-length') ?? 0) || (await sizeOnWire(path, encoding));
    return { ms, bytes, body };
  }
  /** The compressed size, from a raw request (fetch hides it when the answer is chunked). */
  async function sizeOnWire(path: string, encoding: string): Promise<number> {
    const { request } = await import('node:http');
    const u = new URL(`${server.url}/api/v1/${path}`);
    return new Promise((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers: {
        authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'accept-encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => { n += c.length; });
        res.on('end', () => resolve(n));
      });
      req.on('error', reject);
      req.end();
    });
  }
  const day = (k: number) => new Date(Date.parse(`${FIRST_DAY}T12:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10);
  const stats = (ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    return `p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, max ${(s.at(-1) ?? 0).toFixed(0)} ms (n=${s.length})`;
  };

  // activity: different vehicle-days each time (a fixed pseudo-random walk, the same every run).
  const nActivity = Number(values.activity);
  const activityMs: number[] = [];
  let segments = 0;
  for (let i = 0; i < nActivity; i++) {
    const unit = units[(i * 7919) % units.length]!.id;
    const d = day((i * 104_729) % DAYS);
    const r = await call(`activity?d=${d}&v=${unit}`);
    activityMs.push(r.ms);
    segments += (r.body.segments as unknown[]).length;
  }
  log(`activity, ${nActivity} different vehicle-days: ${stats(activityMs)}; ${(segments / nActivity).toFixed(1)} segments a day on average`);

  // data for the 1 Hz vehicle-day, brotli as a browser asks, then gzip.
  const runs = Number(values.runs);
  for (const encoding of ['br, gzip', 'gzip']) {
    const ms: number[] = [];
    let bytes = 0;
    let points = 0;
    for (let i = 0; i < runs; i++) {
      const r = await call(`data?d=${ONE_HZ_DAY}&v=${oneHz}`, encoding);
      ms.push(r.ms);
      bytes = r.bytes;
      points = ((r.body.tracks as { points: { t: unknown[] } }[])[0]?.points.t.length) ?? 0;
    }
    const raw = (await fetch(`${server.url}/api/v1/data?d=${ONE_HZ_DAY}&v=${oneHz}`, {
      headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'accept-encoding': 'identity' } }).then((r) => r.text())).length;
    log(`data, the 1 Hz vehicle-day (${points.toLocaleString('en')} points), ${encoding.split(',')[0]}: runs ${ms.map((x) => x.toFixed(0)).join(', ')} ms; ${(bytes / 1024).toFixed(0)} KiB on the wire (${(raw / 1024).toFixed(0)} KiB raw)`);
  }

  // data for ordinary vehicle-days.
  const dataMs: number[] = [];
  let pts = 0;
  for (let i = 0; i < 60; i++) {
    const r = await call(`data?d=${day((i * 31 + 5) % DAYS)}&v=${units[(i * 613 + 11) % units.length]!.id}`);
    dataMs.push(r.ms);
    pts += ((r.body.tracks as { points: { t: unknown[] } }[])[0]?.points.t.length) ?? 0;
  }
  log(`data, 60 ordinary vehicle-days (${Math.round(pts / 60)} points on average): ${stats(dataMs)}`);

  // trips of the 500-vehicle site over 31 days.
  const big = sites.find((s) => s.n === 500) ?? sites[0]!;
  const tripsMs: number[] = [];
  let tripCount = 0;
  let tripBytes = 0;
  for (let i = 0; i < runs; i++) {
    const r = await call(`trips?siteid=${big.id}&from=2026-10-24&to=2026-11-23`);
    tripsMs.push(r.ms);
    tripCount = (r.body.trips as unknown[]).length;
    tripBytes = r.bytes;
  }
  log(`trips, ${big.n} vehicles over 31 days (${tripCount.toLocaleString('en')} trips): runs ${tripsMs.map((x) => x.toFixed(0)).join(', ')} ms; ${(tripBytes / 1024).toFixed(0)} KiB on the wire`);

  // The log's own reads on the partitioned table.
  const timed = async (label: string, sql: string, params: (k: number) => unknown[], n = 20) => {
    const ms: number[] = [];
    for (let k = 0; k < n; k++) {
      const t0 = performance.now();
      await db.query(sql, params(k));
      ms.push(performance.now() - t0);
    }
    log(`${label}: ${stats(ms)}`);
  };
  const maxId = Number((await db.query('SELECT max(id) AS m FROM positions')).rows[0].m);
  await timed('log horizon, max(id)', 'SELECT coalesce(max(id), 0)::text FROM positions', () => []);
  await timed('processor id window (20,000 rows from a random id)', `SELECT id, unit_id, device_time, implausible FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY id LIMIT 20000`,
    (k) => [Math.floor(((k * 7_777_777) % maxId)), maxId]);
  await timed('lookup by id alone (every partition probed)', 'SELECT * FROM positions WHERE id = $1', (k) => [1 + ((k * 2_654_435) % maxId)]);
  const sample = (await db.query('SELECT id, device_time FROM positions WHERE id = ANY($1::bigint[])', [Array.from({ length: 20 }, (_, k) => 1 + ((k * 1_234_567) % maxId))])).rows;
  await timed('getdatapoint\'s lookup by id and device time (one partition)', 'SELECT * FROM positions WHERE id = $1 AND device_time = $2', (k) => [sample[k % sample.length].id, sample[k % sample.length].device_time]);
  log(`load average at the end ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
} finally {
  await stop();
}
