// Issue 4: first load of the fleet page on a cold cache. A fresh browser context with the cache
// disabled (CDP Network.setCacheDisabled) opens /login, signs in, then navigates to the fleet page;
// it records the JavaScript transferred for each step (Playwright request sizes: body as sent plus
// headers, dedicated-worker requests included) and, for the fleet page, the time from navigation
// start to the first vehicles drawn on the map: the frame after MapLibre's worker returned the
// first 'vehicles' tile with features (bench/map-10k/probe.js). Then the same navigation with a warm
// cache for contrast. The site's units have one stored position each; the devices are then closed,
// so the server is quiet during the loads.
// Usage: npx tsx bench/fleet-first-load.ts [--vehicles 10000] [--trials 3] [--first-wait 180] [--no-land] [--timeout 1800]
import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, CHROMIUM_ARGS, CHROMIUM_PATH, chromiumPid, cleanUpOnExit, CpuMeter, createFleetSite, DeviceFleet, type FleetServer, machine, percentile, root, startFleetServer, waitForStates,
} from './lib.ts';

const { values } = parseArgs({ options: {
  vehicles: { type: 'string', default: '10000' }, trials: { type: 'string', default: '3' }, timeout: { type: 'string', default: '1800' },
  'first-wait': { type: 'string', default: '180' },
  // Diagnostic: refuse the basemap's land file, to see what it costs the first vehicles.
  'no-land': { type: 'boolean', default: false },
} });
const n = Number(values.vehicles);
const trials = Number(values.trials);
const firstWaitMs = Number(values['first-wait']) * 1000;
const probe = path.join(root, 'bench/map-10k/probe.js');
const dist = path.join(root, 'apps/web/dist');
const log = benchLog('first-load');
const command = `npx tsx bench/fleet-first-load.ts ${process.argv.slice(2).join(' ')}`.trim();

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

interface Fetched { url: string; bytes: number; body: number; encoding: string }

/** Collects every finished request of the page (and its workers) until reset. */
function recorder(page: Page) {
  let list: Fetched[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    pending.push((async () => {
      const sizes = await req.sizes().catch(() => null);
      const res = await req.response().catch(() => null);
      if (!sizes) return;
      list.push({ url: req.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize, body: sizes.responseBodySize, encoding: (await res?.allHeaders().catch(() => ({})) as Record<string, string>)?.['content-encoding'] ?? '' });
    })());
  });
  return {
    async take(): Promise<Fetched[]> {
      await Promise.all(pending.splice(0));
      const out = list;
      list = [];
      return out;
    },
  };
}

const isJs = (u: string) => /\.m?js(\?|$)/.test(new URL(u).pathname);
function jsSummary(list: Fetched[]) {
  const js = list.filter((f) => isJs(f.url));
  const gz = js.reduce((a, f) => {
    const file = path.join(dist, new URL(f.url).pathname);
    return a + (existsSync(file) ? gzipSync(readFileSync(file), { level: 6 }).length : 0);
  }, 0);
  return {
    files: js.length, bytes: js.reduce((a, f) => a + f.bytes, 0), gz, encodings: [...new Set(js.map((f) => f.encoding || 'identity'))].join(','),
    all: list.reduce((a, f) => a + f.bytes, 0), worker: js.some((f) => /worker/i.test(f.url)),
  };
}

interface FleetTimes { firstVehicle: number; tile: number; canvas: number; firstRow: number; vehiclesApi: number; domContentLoaded: number; others?: number }

let cpu: CpuMeter | undefined;
/** Cores used by processes outside this benchmark during the load: the machine is shared. */
function othersSince(): number {
  const u = cpu!.end();
  return Math.max(0, u.machineBusy * os.cpus().length - Object.values(u.groups).reduce((a, b) => a + b, 0));
}

async function fleetLoad(page: Page, url: string): Promise<FleetTimes> {
  cpu?.begin();
  await page.goto(url);
  try {
    await page.waitForFunction(() => (window as unknown as { __bench: { firstVehicleFrameAt: number | null; firstRowAt: number | null } }).__bench.firstVehicleFrameAt !== null
      && (window as unknown as { __bench: { firstRowAt: number | null } }).__bench.firstRowAt !== null, null, { timeout: firstWaitMs, polling: 100 });
  } catch {
    log(`no vehicles on the map within ${firstWaitMs / 1000} s`);
  }
  const others = othersSince();
  const times = await page.evaluate(() => {
    const B = (window as unknown as { __bench: { firstVehicleFrameAt: number | null; firstVehicleTileAt: number | null; canvasAt: number | null; firstRowAt: number | null } }).__bench;
    const api = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/v1/vehicles')) as PerformanceResourceTiming | undefined;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    // (No helper function here: tsx would wrap it in __name(), which the page does not have.)
    return { firstVehicle: B.firstVehicleFrameAt ?? Number.NaN, tile: B.firstVehicleTileAt ?? Number.NaN, canvas: B.canvasAt ?? Number.NaN, firstRow: B.firstRowAt ?? Number.NaN, vehiclesApi: api?.responseEnd ?? Number.NaN, domContentLoaded: nav?.domContentLoadedEventEnd ?? Number.NaN };
  });
  return { ...times, others };
}

async function main() {
  const started = new Date();
  log(`setting up: embedded PostgreSQL, ${n} units, server`);
  db = await benchDatabase();
  const { imeis, siteId } = await createFleetSite(db.database, n);
  server = await startFleetServer(db.url);
  const fleet = new DeviceFleet(imeis);
  await fleet.connect(server.teltonikaPort);
  await fleet.reportOnce();
  log(`${await waitForStates(db.database, siteId, n)}/${n} units have a position; closing the devices`);
  fleet.close();
  await new Promise((r) => setTimeout(r, 3000));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const browserPid = chromiumPid();
  cpu = new CpuMeter(() => ({ server: server?.child.pid, chromium: browserPid }));

  const rows: { login: ReturnType<typeof jsSummary>; landing: ReturnType<typeof jsSummary>; fleet: ReturnType<typeof jsSummary>; cold: FleetTimes; warmJs: ReturnType<typeof jsSummary>; warm: FleetTimes; apiBytes: number }[] = [];
  for (let t = 0; t < trials; t++) {
    log(`trial ${t + 1}`);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(300_000);
    await page.addInitScript({ path: probe });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const rec = recorder(page);
    if (values['no-land']) await page.route(/\/assets\/land-[^/]*\.json$/, (route) => route.abort());

    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').waitFor();
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
    const login = jsSummary(await rec.take());
    await page.getByLabel('E-mail').fill(BENCH_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/tabs\/tabs\//, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
    await new Promise((r) => setTimeout(r, 1000));
    const landing = jsSummary(await rec.take());
    await page.goto('about:blank');
    await rec.take();

    // Cold: cache still disabled, a full navigation straight to the fleet page.
    const cold = await fleetLoad(page, `${server.url}/tabs/tabs/fleet`);
    await new Promise((r) => setTimeout(r, 2000));
    const coldList = await rec.take();
    const apiBytes = coldList.find((f) => f.url.includes('/api/v1/vehicles'))?.bytes ?? Number.NaN;
    const fleetJs = jsSummary(coldList);

    // Warm: cache on, one visit to fill it, then the measured one.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await page.goto('about:blank');
    await fleetLoad(page, `${server.url}/tabs/tabs/fleet`);
    await new Promise((r) => setTimeout(r, 2000));
    await page.goto('about:blank');
    await rec.take();
    const warm = await fleetLoad(page, `${server.url}/tabs/tabs/fleet`);
    await new Promise((r) => setTimeout(r, 2000));
    const warmJs = jsSummary(await rec.take());
    rows.push({ login, landing, fleet: fleetJs, cold, warmJs, warm, apiBytes });
    await context.close();
  }

  const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
  const s = (x: number) => (Number.isFinite(x) ? `${(x / 1000).toFixed(2)} s` : `not within ${firstWaitMs / 1000} s`);
  const lines: string[] = [];
  lines.push(`fleet-first-load: ${command}`);
  lines.push(`date: ${started.toISOString()}; machine: ${machine()}; ${db.label}; Chromium ${browser.version()} headless, SwiftShader WebGL; ${n} vehicles on the site${values['no-land'] ? '; basemap land file refused (--no-land)' : ''}`);
  const r0 = rows[0]!;
  lines.push(`JS transferred, cold cache (trial 1; gzip -6 of the same files in brackets; served as ${r0.fleet.encodings}):`);
  lines.push(`  /login: ${r0.login.files} files ${kib(r0.login.bytes)} (${kib(r0.login.gz)}); all resources ${kib(r0.login.all)}`);
  lines.push(`  after sign-in (landing page): ${r0.landing.files} files ${kib(r0.landing.bytes)} (${kib(r0.landing.gz)})`);
  lines.push(`  fleet page, full navigation: ${r0.fleet.files} files ${kib(r0.fleet.bytes)} (${kib(r0.fleet.gz)})${r0.fleet.worker ? ', MapLibre worker included' : ''}; all resources ${kib(r0.fleet.all)} (vehicles API ${kib(r0.apiBytes)})`);
  lines.push(`  fleet page, warm cache: ${r0.warmJs.files} JS files ${kib(r0.warmJs.bytes)}`);
  lines.push('ms from navigation start:  DOMContentLoaded  vehicles API done  map canvas  first list row  first vehicles tile  first vehicles drawn  (cores used by other processes)');
  const row = (label: string, t: FleetTimes) => lines.push(`  ${label.padEnd(23)}${[t.domContentLoaded, t.vehiclesApi, t.canvas, t.firstRow, t.tile, t.firstVehicle].map((x, i) => (Number.isFinite(x) ? x.toFixed(0) : '-').padStart([18, 19, 12, 16, 21, 22][i]!)).join('')}  (${(t.others ?? 0).toFixed(2)})`);
  rows.forEach((r, i) => row(`cold, trial ${i + 1}`, r.cold));
  rows.forEach((r, i) => row(`warm, trial ${i + 1}`, r.warm));
  // A load that never drew its vehicles counts as the longest.
  const med = (k: 'cold' | 'warm') => percentile(rows.map((r) => (Number.isFinite(r[k].firstVehicle) ? r[k].firstVehicle : Infinity)).sort((a, b) => a - b), 50);
  lines.push(`time to first vehicles drawn, median of ${rows.length}: cold ${s(med('cold'))}, warm ${s(med('warm'))}`);
  console.log(lines.join('\n'));
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (e) {
  log(`failed: ${e instanceof Error ? e.stack : String(e)}`);
  await cleanup();
  process.exit(1);
}
