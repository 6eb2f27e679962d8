// Issue 16, explorer: a month of 1 Hz positions of one vehicle (2.6 million, several IO values in
// the jsonb `io`, as devices send them) charted with zoom in < 2 s, and panned at >= 50 fps.
// 1. Seeds the month into a fresh database (embedded PostgreSQL) and times it.
// 2. Runs the roll-ups processor over the whole log from a fresh cursor (the backfill) and times it.
// 3. Starts the real server and times getioseries (2,000 pixel columns, 1 and 3 IO values) over the
//    month (roll-ups), a week (roll-ups), and zoomed ranges of 3 days, a day and an hour (the
//    positions themselves): median of --runs calls each, one at a time, in the browser's session.
// 4. In headless Chromium: the explorer page, 30 days; time from the preset's click to the chart
//    done; then pan: pointer events dispatched one per animation frame on the plot (mode Pan), the
//    chart moving its scale each frame, frames counted with requestAnimationFrame.
//   npx tsx bench/explorer.ts [--days 30] [--runs 5] [--frames 300] [--no-calls] [--profile]
//   --no-calls skips step 3's timings; --profile prints the functions that cost the most during one
//   more pan trial (Chromium's CPU profiler, self time).
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { rollupsProcessor } from '../apps/server/src/ingest/processors/rollups-processor.ts';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, CHROMIUM_ARGS, CHROMIUM_PATH, cleanUpOnExit, createFleetSite, type FleetServer,
  machine, startFleetServer,
} from './lib.ts';

const { values } = parseArgs({ options: {
  days: { type: 'string', default: '30' }, runs: { type: 'string', default: '5' }, frames: { type: 'string', default: '300' },
  timeout: { type: 'string', default: '1800' }, 'no-calls': { type: 'boolean', default: false }, profile: { type: 'boolean', default: false },
} });
const DAYS = Number(values.days);
const runs = Number(values.runs);
const frames = Number(values.frames);
const log = benchLog('explorer');

let db: BenchDb | undefined;
let server: FleetServer | undefined;
let browser: Browser | undefined;
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await db?.close().catch((e: unknown) => log(`database not dropped: ${String(e)}`));
  })();
  return cleaning;
}
cleanUpOnExit(cleanup, Number(values.timeout), log);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A day of 1 Hz positions from `dayStart` (ms): voltage, RPM, fuel level, speed, ignition, odometer; one RPM spike a day. */
async function seedDay(database: BenchDb['database'], unitId: number, dayStart: number): Promise<void> {
  await database.pool.query(
    `INSERT INTO positions (unit_id, device_time, received_at, lat, lon, altitude, angle, satellites, speed, io, protocol)
     SELECT $1, ts, ts, 53.80 + 0.1 * sin(g / 3000.0), -1.55 + 0.1 * cos(g / 3000.0), 60, 0, 12, sp,
       jsonb_build_object('66', 24000 + (g % 600), '85', CASE WHEN g = 43210 THEN 6000 WHEN sp > 0 THEN 1200 + sp * 10 ELSE 700 END,
         '89', 90 - (g / 1440), '24', sp, '239', CASE WHEN sp > 0 THEN 1 ELSE 0 END, '16', g * 10, '21', 4, '181', 9),
       'teltonika'
     FROM generate_series(0, 86399) g,
       LATERAL (SELECT to_timestamp($2::float8 / 1000 + g) AS ts, CASE WHEN (g % 7200) < 1200 THEN 0 ELSE (35 + 45 * abs(sin(g / 400.0)))::int END AS sp) x`,
    [unitId, dayStart]);
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(BENCH_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//, { timeout: 180_000 });
}

/** One getioseries call from the page: ms to the last byte, points and source. */
function seriesCall(page: Page, query: string): Promise<{ ms: number; points: number; source: string; read: number }> {
  return page.evaluate(async (q) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
    const t0 = performance.now();
    const res = await fetch(`/api/v1/getioseries?${q}`, { headers: { Authorization: `Bearer ${user.token}` } });
    const a = await res.json() as { source: string; read: number; series: Array<{ t: number[] }> };
    return { ms: performance.now() - t0, points: a.series.reduce((n, s) => n + s.t.length, 0), source: a.source, read: a.read };
  }, query);
}

/** Pointer events on the plot, one per animation frame, while counting frames. */
const PAN = `async (frames, move) => {
  const over = document.querySelector('[data-explorer-chart] .u-over');
  const r = over.getBoundingClientRect();
  const y = r.top + r.height / 2;
  const ev = (type, x) => over.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 7, clientX: x, clientY: y, isPrimary: true }));
  ev('pointerdown', r.left + r.width * 0.8);
  const times = [];
  await new Promise((done) => {
    let i = 0;
    const tick = (now) => {
      times.push(now);
      if (i >= frames) return done();
      // Back and forth across 60 % of the plot, 4 px a frame.
      const k = i++ % 300;
      if (move) ev('pointermove', r.left + r.width * 0.8 - (k < 150 ? k : 300 - k) * 4);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  ev('pointerup', r.left + r.width * 0.8);
  const gaps = times.slice(1).map((t, k) => t - times[k]).sort((a, b) => a - b);
  return { fps: (gaps.length * 1000) / (times.at(-1) - times[0]), p95: gaps[Math.floor(gaps.length * 0.95)], worst: gaps.at(-1) };
}`;

async function main(): Promise<void> {
  log(machine());
  db = await benchDatabase();
  const { siteId } = await createFleetSite(db.database, 1);
  const unitId = (await db.database.pool.query('SELECT id FROM units WHERE site_id = $1', [siteId])).rows[0].id as number;
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const first = today - DAYS * 86_400_000;
  let t0 = Date.now();
  for (let d = 0; d < DAYS; d++) await seedDay(db.database, unitId, first + d * 86_400_000);
  await db.database.pool.query('ANALYZE positions');
  const count = (await db.database.pool.query('SELECT count(*)::int AS n FROM positions')).rows[0].n as number;
  log(`${count} positions seeded in ${Math.round((Date.now() - t0) / 1000)} s`);

  t0 = Date.now();
  const rollups = rollupsProcessor(db.database.pool);
  while ((await rollups.runOnce()) > 0) { /* until the log is folded */ }
  const foldS = (Date.now() - t0) / 1000;
  const buckets = (await db.database.pool.query('SELECT count(*)::int AS n, pg_total_relation_size($1)::bigint AS bytes FROM io_rollups', ['io_rollups'])).rows[0];
  log(`roll-ups: ${count} positions folded into ${buckets.n} buckets (${Math.round(Number(buckets.bytes) / 1024)} KiB) in ${foldS.toFixed(1)} s (${Math.round(count / foldS)} positions/s)`);

  server = await startFleetServer(db.url);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  // A shared, loaded machine: the page's first load may take a while.
  page.setDefaultTimeout(180_000);
  await signIn(page, server.url);
  // Off the fleet map (software WebGL draws it on the CPU) while the calls are timed.
  await page.goto(`${server.url}/tabs/tabs/fmsv2explorer/0`);
  const end = today;
  const ranges: Array<[string, number, string]> = [
    [`month (${DAYS} days), 1 value`, DAYS * 86_400_000, '66'], [`month (${DAYS} days), 3 values`, DAYS * 86_400_000, '66,85,89'],
    ['week, 1 value', 7 * 86_400_000, '66'], ['3 days, 1 value', 3 * 86_400_000, '66'], ['day, 1 value', 86_400_000, '66'],
    ['day, 3 values', 86_400_000, '66,85,89'], ['hour, 1 value', 3_600_000, '66'],
  ];
  const rows: string[] = [];
  for (const [name, span, io] of values['no-calls'] ? [] : ranges) {
    const q = `uid=${unitId}&io=${io}&from=${new Date(end - span).toISOString()}&to=${new Date(end).toISOString()}&points=2000`;
    const got = [];
    for (let i = 0; i < runs + 1; i++) got.push(await seriesCall(page, q));
    const warm = got.slice(1);
    const last = got.at(-1);
    rows.push(`| ${name} | ${last?.source} | ${last?.read.toLocaleString('en-GB')} | ${last?.points} | ${Math.round(got[0]?.ms ?? NaN)} ms | ${Math.round(median(warm.map((g) => g.ms)))} ms (${warm.map((g) => Math.round(g.ms)).join(', ')}) |`);
    log(rows.at(-1) ?? '');
  }

  await page.goto(`${server.url}/tabs/tabs/fmsv2explorer/${unitId}`);
  await page.waitForSelector('[data-explorer-status="done"]', { timeout: 60_000 });
  const clicked = Date.now();
  await page.locator('label', { hasText: /^30 days$/ }).click();
  await page.waitForFunction(() => document.querySelector('[data-source]')?.getAttribute('data-source') === 'rollup'
    && document.querySelector('[data-explorer-status]')?.getAttribute('data-explorer-status') === 'done', undefined, { timeout: 60_000 });
  const monthInPage = Date.now() - clicked;
  log(`page: 30 days charted ${monthInPage} ms after the click`);
  await page.locator('label', { hasText: /^Pan$/ }).click();
  // The same frame loop without moving the chart: what the machine gives any page at the moment.
  const idle = await page.evaluate(`(${PAN})(${frames}, false)`) as { fps: number; p95: number; worst: number };
  log(`idle frame loop: ${JSON.stringify(idle)}`);
  const pans = [];
  for (let i = 0; i < 3; i++) {
    pans.push(await page.evaluate(`(${PAN})(${frames}, true)`) as { fps: number; p95: number; worst: number });
    log(`pan trial ${i + 1}: ${JSON.stringify(pans.at(-1))}`);
    await page.waitForSelector('[data-explorer-status="done"]', { timeout: 60_000 });
  }
  if (values.profile) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const p = await page.evaluate(`(${PAN})(${frames}, true)`) as { fps: number };
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const dt = profile.timeDeltas ?? [];
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    (profile.samples ?? []).forEach((id, k) => {
      const n = byId.get(id);
      const f = n?.callFrame;
      const key = `${f?.functionName || '(anon)'} ${f?.url.split('/').at(-1) ?? ''}:${f?.lineNumber ?? 0}:${f?.columnNumber ?? 0}`;
      self.set(key, (self.get(key) ?? 0) + (dt[k] ?? 0) / 1000);
    });
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    log(`profiled pan trial: ${p.fps.toFixed(1)} fps; self time (ms of ${Math.round(total)}):`);
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) log(`  ${ms.toFixed(0).padStart(6)}  ${k}`);
    await page.waitForSelector('[data-explorer-status="done"]', { timeout: 60_000 });
  }
  console.log([
    `${count.toLocaleString('en-GB')} positions (1 Hz, ${DAYS} days, 8 IO values each), one unit; roll-ups backfill ${foldS.toFixed(1)} s (${Math.round(count / foldS).toLocaleString('en-GB')} positions/s, ${buckets.n} buckets)`,
    '| getioseries range | source | rows read | points answered | first call | warm: median (runs) |',
    '|---|---|---|---|---|---|',
    ...rows,
    `page: the same frame loop without a pan: ${idle.fps.toFixed(1)} fps (p95 frame ${idle.p95.toFixed(1)} ms)`,
    `page: 30 days charted ${monthInPage} ms after the preset's click; pan (${frames} frames a trial, 3 trials): ${pans.map((p) => `${p.fps.toFixed(1)} fps, p95 frame ${p.p95.toFixed(1)} ms, worst ${Math.round(p.worst)} ms`).join('; ')}`,
  ].join('\n'));
}

main().then(cleanup, async (e: unknown) => {
  log(`failed: ${e instanceof Error ? e.stack : String(e)}`);
  await cleanup();
  process.exit(1);
});
