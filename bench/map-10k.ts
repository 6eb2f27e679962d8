// Issue 4: N vehicles on the fleet map, each moving once a second. The real server (its own process)
// takes N Teltonika connections each reporting once a second; headless Chromium shows the fleet page
// and records frame times, long tasks and main-thread busy time for a fixed window, then does the
// same for a plain MapLibre page drawing the same N points (one GeoJSON source, setData once a
// second) at the same size and bounds, under the same device load, in the same run. Headless
// Chromium draws WebGL in software (SwiftShader), so only the comparison between the two is meaningful.
// Usage: npx tsx bench/map-10k.ts [--vehicles 10000] [--seconds 20] [--settle 5] [--rounds 1] [--first-wait 300] [--timeout 1800]
import { readFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, CHROMIUM_ARGS, CHROMIUM_PATH, chromiumPid, cleanUpOnExit, CpuMeter, createFleetSite, DeviceFleet, type FleetServer, machine, percentile, root, startFleetServer, waitForStates,
} from './lib.ts';

const { values } = parseArgs({ options: {
  vehicles: { type: 'string', default: '10000' }, seconds: { type: 'string', default: '20' }, settle: { type: 'string', default: '5' },
  rounds: { type: 'string', default: '1' }, 'first-wait': { type: 'string', default: '300' }, timeout: { type: 'string', default: '1800' },
  // Diagnostic: after the fleet page's window, trace 5 s and print where its main thread's time goes.
  trace: { type: 'boolean', default: false },
} });
const n = Number(values.vehicles);
const seconds = Number(values.seconds);
const settleMs = Number(values.settle) * 1000;
const rounds = Number(values.rounds);
const firstWaitMs = Number(values['first-wait']) * 1000;
const probe = path.join(root, 'bench/map-10k/probe.js');
const log = benchLog('map-10k');
const command = `npx tsx bench/map-10k.ts ${process.argv.slice(2).join(' ')}`.trim();

let db: BenchDb | undefined;
let server: FleetServer | undefined;
let fleet: DeviceFleet | undefined;
let browser: Browser | undefined;
let plainServer: http.Server | undefined;
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    fleet?.close();
    await browser?.close().catch(() => {});
    plainServer?.close();
    await server?.stop().catch(() => {});
    await db?.close().catch((e: unknown) => log(`database not dropped: ${String(e)}`));
  })();
  return cleaning;
}
cleanUpOnExit(cleanup, Number(values.timeout), log);

// The plain page, MapLibre from node_modules, and the fleet's current positions.
function servePlain(f: DeviceFleet): Promise<number> {
  const files: Record<string, [string, string]> = {
    '/plain.html': [path.join(root, 'bench/map-10k/plain.html'), 'text/html'],
    '/topojson-client.min.js': [path.join(root, 'node_modules/topojson-client/dist/topojson-client.min.js'), 'text/javascript'],
    '/land-50m.json': [path.join(root, 'node_modules/world-atlas/land-50m.json'), 'application/json'],
  };
  plainServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/points.json') {
      const lat = Array.from(f.lat);
      const lon = Array.from(f.lon);
      const bounds = [[Math.min(...lon), Math.min(...lat)], [Math.max(...lon), Math.max(...lat)]];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ lat, lon, bounds }));
      return;
    }
    let file = files[url.pathname];
    if (!file && url.pathname.startsWith('/maplibre/')) {
      const name = path.basename(url.pathname);
      const p = path.join(root, 'node_modules/maplibre-gl/dist', name);
      if (existsSync(p)) file = [p, name.endsWith('.css') ? 'text/css' : 'text/javascript'];
    }
    if (!file) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  return new Promise((resolve) => plainServer!.listen(0, '127.0.0.1', () => resolve((plainServer!.address() as { port: number }).port)));
}

interface Window {
  frames: number[];
  seconds: number;
  counts: Record<string, number>;
  longTasks: number[];
  taskSeconds: number;
  scriptSeconds: number;
  metricSeconds: number;
  cpu: ReturnType<CpuMeter['end']>;
  acked: number;
  skipped: number;
  domNodes: number;
  listRows: number;
  heapMiB: number;
  fibersPerSecond?: number;
  commitsPerSecondDiag?: number;
  /** Age of each vehicle update on arrival at the page's socket (device send time to arrival), sorted. */
  lagMs?: number[];
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: m } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(m.map((x) => [x.name, x.value]));
}

/** One measured window on a page that is already showing the moving fleet. */
async function measure(page: Page, cdp: CDPSession, cpu: CpuMeter, f: DeviceFleet, diagnoseReact: boolean): Promise<Window> {
  const before = await metrics(cdp);
  const c0 = f.counters();
  const wall0 = Date.now();
  cpu.begin();
  await page.evaluate(() => (window as unknown as { __bench: { start(): void } }).__bench.start());
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const out = await page.evaluate(() => (window as unknown as { __bench: { stop(): { frames: number[]; seconds: number; counts: Record<string, number> } } }).__bench.stop());
  const after = await metrics(cdp);
  const usage = cpu.end();
  const c1 = f.counters();
  const wallSeconds = (Date.now() - wall0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const longTasks = await page.evaluate(() => (window as unknown as { __bench: { longTasksIn(): number[] } }).__bench.longTasksIn());
  const listRows = await page.evaluate(() => document.querySelectorAll('li[data-unit]').length);
  const w: Window = {
    ...out, longTasks, cpu: usage,
    taskSeconds: (after.TaskDuration ?? 0) - (before.TaskDuration ?? 0),
    scriptSeconds: (after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0),
    metricSeconds: (after.Timestamp ?? 0) - (before.Timestamp ?? 0),
    acked: (c1.acked - c0.acked) / wallSeconds, skipped: (c1.skipped - c0.skipped) / wallSeconds,
    domNodes: after.Nodes ?? 0, listRows, heapMiB: (after.JSHeapUsedSize ?? 0) / 2 ** 20,
  };
  if (diagnoseReact) {
    // Separate short window: walking the fiber tree on every commit costs, so not in the figures above.
    const diag = await page.evaluate(async () => {
      const B = (window as unknown as { __bench: { countFibers: boolean; fibers: number; commits: number } }).__bench;
      const f0 = B.fibers; const k0 = B.commits;
      B.countFibers = true;
      await new Promise((r) => setTimeout(r, 5000));
      B.countFibers = false;
      return { fibers: (B.fibers - f0) / 5, commits: (B.commits - k0) / 5 };
    });
    w.fibersPerSecond = diag.fibers;
    w.commitsPerSecondDiag = diag.commits;
    const lags = await page.evaluate(async () => {
      const B = (window as unknown as { __bench: { lagging: boolean; lags: number[] } }).__bench;
      B.lags = [];
      B.lagging = true;
      await new Promise((r) => setTimeout(r, 5000));
      B.lagging = false;
      return B.lags;
    });
    w.lagMs = lags.sort((a, b) => a - b);
  }
  return w;
}

async function appWindow(context: BrowserContext, baseUrl: string, cpu: CpuMeter, f: DeviceFleet) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript({ path: probe });
  page.setDefaultTimeout(300_000);
  const opened = Date.now();
  await page.goto(`${baseUrl}/tabs/tabs/fleet`);
  const canvas = page.locator('canvas.maplibregl-canvas');
  // A page that never shows the vehicles is still measured (and says so), within --first-wait.
  let firstVehicleS: number | null = null;
  try {
    await canvas.waitFor({ timeout: firstWaitMs });
    await page.waitForFunction(() => (window as unknown as { __bench: { firstVehicleFrameAt: number | null } }).__bench.firstVehicleFrameAt !== null,
      null, { timeout: Math.max(1000, firstWaitMs - (Date.now() - opened)), polling: 250 });
    firstVehicleS = (Date.now() - opened) / 1000;
    await page.locator('li[data-unit]').first().waitFor({ timeout: Math.max(1000, firstWaitMs - (Date.now() - opened)) });
  } catch {
    log(`the fleet page did not show its vehicles within ${firstWaitMs / 1000} s; measuring it as it is`);
  }
  await new Promise((r) => setTimeout(r, settleMs));
  const box = (await canvas.count()) ? await canvas.boundingBox() : await page.getByRole('region', { name: /map/i }).first().boundingBox().catch(() => null);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const w = await measure(page, cdp, cpu, f, true);
  if (values.trace) await traceMainThread(cdp);
  if (errors.length) log(`page errors: ${errors.slice(0, 3).join(' | ')}`);
  await page.close();
  return { w, box, firstVehicleS };
}

/** Traces 5 s of the page and logs the main thread's busiest trace events (inclusive ms; they nest). */
async function traceMainThread(cdp: CDPSession): Promise<void> {
  const events: Array<{ name: string; ph: string; dur?: number; tid: number; pid: number; args?: { name?: string } }> = [];
  cdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as typeof events)); });
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
  await new Promise((r) => setTimeout(r, 5000));
  await cdp.send('Tracing.end');
  await done;
  // The page's renderer: the CrRendererMain thread with the most work in the trace.
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busiest = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur || !mains.some((m) => m.tid === e.tid && m.pid === e.pid)) continue;
    const key = `${e.pid}:${e.tid}`;
    const byName = busiest.get(key) ?? new Map<string, number>();
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
    busiest.set(key, byName);
  }
  const byName = [...busiest.values()].sort((a, b) => (b.get('RunTask') ?? 0) - (a.get('RunTask') ?? 0))[0] ?? new Map<string, number>();
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 24);
  log(`main thread, 5 s trace (inclusive ms): ${top.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ')}`);
}

async function plainWindow(context: BrowserContext, plainUrl: string, box: { width: number; height: number }, cpu: CpuMeter, f: DeviceFleet) {
  const page = await context.newPage();
  await page.addInitScript({ path: probe });
  await page.addInitScript(() => { (window as unknown as { __bench: { source: string } }).__bench.source = 'points'; });
  await page.goto(`${plainUrl}/plain.html?w=${Math.round(box.width)}&h=${Math.round(box.height)}`);
  await page.waitForFunction(() => (window as unknown as { __plainMap?: unknown }).__plainMap !== undefined, null, { timeout: 120_000 });
  await new Promise((r) => setTimeout(r, settleMs));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const w = await measure(page, cdp, cpu, f, false);
  if (values.trace) await traceMainThread(cdp);
  await page.close();
  return w;
}

const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
function summary(w: Window) {
  const sorted = [...w.frames].sort((a, b) => a - b);
  // Frames per one-second window of the recording.
  const perSecond: number[] = [];
  let acc = 0; let count = 0;
  for (const d of w.frames) { acc += d; count += 1; if (acc >= 1000) { perSecond.push((count * 1000) / acc); acc = 0; count = 0; } }
  const fpsSorted = perSecond.sort((a, b) => a - b);
  const lt = w.longTasks;
  return {
    fpsMedian: percentile(fpsSorted, 50), fpsP5: percentile(fpsSorted, 5), fpsMean: (w.frames.length / w.seconds),
    p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN,
    over50: w.frames.filter((d) => d > 50).length,
    ltCount: lt.length, ltMs: lt.reduce((a, b) => a + b, 0), ltMax: Math.max(0, ...lt),
    busy: w.taskSeconds / w.metricSeconds, script: w.scriptSeconds / w.metricSeconds,
  };
}

async function main() {
  const started = new Date();
  log(`setting up: embedded PostgreSQL, ${n} units, server`);
  db = await benchDatabase();
  const { imeis, siteId } = await createFleetSite(db.database, n);
  server = await startFleetServer(db.url);
  fleet = new DeviceFleet(imeis);
  const t0 = Date.now();
  await fleet.connect(server.teltonikaPort);
  log(`${n} devices connected in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await fleet.reportOnce();
  const states = await waitForStates(db.database, siteId, n);
  log(`${states}/${n} units have a position; starting the once-a-second reports`);
  fleet.start();
  const plainPort = await servePlain(fleet);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const browserPid = chromiumPid();
  const cpu = new CpuMeter(() => ({ server: server?.child.pid, chromium: browserPid }));
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const login = await context.newPage();
  await login.goto(`${server.url}/login`);
  await login.getByLabel('E-mail').fill(BENCH_EMAIL);
  await login.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.waitForURL(/\/tabs\/tabs\//, { timeout: 60_000 });
  await login.goto('about:blank');
  // Load warms up: let the server and the devices run a few seconds before the first window.
  await new Promise((r) => setTimeout(r, 5000));
  const plainContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });

  const results: { app: Window; plain: Window; firstVehicleS: number | null; box: { width: number; height: number } }[] = [];
  for (let r = 0; r < rounds; r++) {
    log(`round ${r + 1}: fleet page`);
    const app = await appWindow(context, server.url, cpu, fleet);
    if (!app.box) throw new Error('the map canvas has no size');
    log(`round ${r + 1}: plain MapLibre page (${Math.round(app.box.width)}x${Math.round(app.box.height)})`);
    const plain = await plainWindow(plainContext, `http://127.0.0.1:${plainPort}`, app.box, cpu, fleet);
    results.push({ app: app.w, plain, firstVehicleS: app.firstVehicleS, box: app.box });
  }

  const lines: string[] = [];
  lines.push(`map-10k: ${command}`);
  lines.push(`date: ${started.toISOString()}; machine: ${machine()}; ${db.label}; Chromium ${browser.version()} headless, SwiftShader WebGL`);
  for (const [i, r] of results.entries()) {
    const a = summary(r.app);
    const p = summary(r.plain);
    lines.push(`round ${i + 1}: ${n} vehicles, ${seconds} s window, map ${Math.round(r.box.width)}x${Math.round(r.box.height)} px in a 1440x900 viewport; fleet page's first vehicles drawn ${r.firstVehicleS === null ? `not within ${firstWaitMs / 1000}` : fmt(r.firstVehicleS)} s after navigation (under load)`);
    lines.push(`${''.padEnd(34)}${'fleet page'.padStart(20)}${'plain MapLibre'.padStart(20)}`);
    const row = (label: string, x: string, y: string) => lines.push(`${label.padEnd(34)}${x.padStart(20)}${y.padStart(20)}`);
    row('fps median / p5 (1-s windows)', `${fmt(a.fpsMedian)} / ${fmt(a.fpsP5)}`, `${fmt(p.fpsMedian)} / ${fmt(p.fpsP5)}`);
    row('frame ms p50 / p95 / p99', `${fmt(a.p50)}/${fmt(a.p95)}/${fmt(a.p99)}`, `${fmt(p.p50)}/${fmt(p.p95)}/${fmt(p.p99)}`);
    row('frame ms max; frames > 50 ms', `${fmt(a.max, 0)}; ${a.over50}`, `${fmt(p.max, 0)}; ${p.over50}`);
    row('long tasks: count / total ms', `${a.ltCount} / ${fmt(a.ltMs, 0)}`, `${p.ltCount} / ${fmt(p.ltMs, 0)}`);
    row('long task max ms', fmt(a.ltMax, 0), fmt(p.ltMax, 0));
    row('main thread busy (script) %', `${fmt(a.busy * 100, 0)} (${fmt(a.script * 100, 0)})`, `${fmt(p.busy * 100, 0)} (${fmt(p.script * 100, 0)})`);
    row('React commits/s', fmt(r.app.counts.commits! / r.app.seconds), '-');
    row('socket msgs/s, KiB/s', `${fmt(r.app.counts.wsMessages! / r.app.seconds)}, ${fmt(r.app.counts.wsBytes! / r.app.seconds / 1024, 0)}`, '-');
    row('map worker msgs/s', fmt(r.app.counts.toWorker! / r.app.seconds), fmt(r.plain.counts.toWorker! / r.plain.seconds));
    row('DOM nodes; list rows', `${r.app.domNodes}; ${r.app.listRows}`, `${r.plain.domNodes}; 0`);
    row('JS heap MiB', fmt(r.app.heapMiB, 0), fmt(r.plain.heapMiB, 0));
    row('device reports ACKed/s, skipped/s', `${fmt(r.app.acked, 0)}, ${fmt(r.app.skipped, 0)}`, `${fmt(r.plain.acked, 0)}, ${fmt(r.plain.skipped, 0)}`);
    const cores = (w: Window) => {
      const mine = Object.values(w.cpu.groups).reduce((x, y) => x + y, 0);
      const others = Math.max(0, w.cpu.machineBusy * os.cpus().length - mine);
      return `${Object.entries(w.cpu.groups).map(([k, v]) => `${k} ${fmt(v, 2)}`).join(', ')}, other processes ${fmt(others, 2)}`;
    };
    lines.push(`CPU (cores) fleet window: ${cores(r.app)}; machine busy ${fmt(r.app.cpu.machineBusy * 100, 0)}%`);
    lines.push(`CPU (cores) plain window: ${cores(r.plain)}; machine busy ${fmt(r.plain.cpu.machineBusy * 100, 0)}%`);
    if (r.app.fibersPerSecond !== undefined) lines.push(`React diagnostic (5 s after the window): ${fmt(r.app.commitsPerSecondDiag!)} commits/s, ${fmt(r.app.fibersPerSecond, 0)} components rendered/s`);
    if (r.app.lagMs?.length) {
      const l = r.app.lagMs;
      lines.push(`vehicle update age on arrival at the page (device send to socket, 5 s after the window): p50 ${fmt(percentile(l, 50), 0)} ms, p95 ${fmt(percentile(l, 95), 0)} ms, p99 ${fmt(percentile(l, 99), 0)} ms, max ${fmt(l.at(-1) ?? Number.NaN, 0)} ms over ${l.length} updates; the page then shows them within its 250 ms list flush (map: at once below 500 vehicles, once a second from 500)`);
    }
  }
  lines.push(`devices overall: ${JSON.stringify(fleet.counters())}`);
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
