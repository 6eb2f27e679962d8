// Issue 17: the product as several processes on this machine: 2 ingest + 2 api + 1 worker on the
// machine's PostgreSQL and Redis (the bus and the Socket.IO adapter), N simulated Teltonika devices
// reporting once a second, half of them on each ingest node (as a TCP load balancer would spread
// them). A headless Chromium page of the real fleet page is signed in on each api node; the probe
// (bench/map-10k/probe.js) records, for every 'vehicles:update' its socket receives, the age of the
// report (device time to arrival in the page). Also: reports ACKed and rows stored per second, and
// each process's CPU over the window.
// Usage: npx tsx bench/cluster-10k.ts [--vehicles 10000] [--seconds 20] [--settle 5] [--pages 2] [--timeout 1200]
//   --pages 0: no browser (the server side alone); 1: a page on api node 1 only; 2: one on each.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '@fleet/db';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, CHROMIUM_ARGS, CHROMIUM_PATH, chromiumPid, cleanUpOnExit, CpuMeter, createFleetSite, DeviceFleet, machine, percentile, root, waitForStates,
} from './lib.ts';

const { values } = parseArgs({ options: {
  vehicles: { type: 'string', default: '10000' }, seconds: { type: 'string', default: '20' }, settle: { type: 'string', default: '5' },
  pages: { type: 'string', default: '2' }, timeout: { type: 'string', default: '1200' },
  'database-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  'redis-url': { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
} });
const n = Number(values.vehicles);
const seconds = Number(values.seconds);
const settleMs = Number(values.settle) * 1000;
const pages = Number(values.pages);
const redisUrl = values['redis-url'];
const probe = path.join(root, 'bench/map-10k/probe.js');
const log = benchLog('cluster-10k');
const command = `npx tsx bench/cluster-10k.ts ${process.argv.slice(2).join(' ')}`.trim();
const prefix = `bench${randomBytes(4).toString('hex')}:`;

interface Node { name: string; roles: string; port: number; teltonikaPort: number; child: ChildProcess; dataDir: string }

let db: BenchDb | undefined;
const nodes: Node[] = [];
const fleets: DeviceFleet[] = [];
let browser: Browser | undefined;
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const f of fleets) f.close();
    await browser?.close().catch(() => {});
    await Promise.all(nodes.map((node) => stopNode(node)));
    await db?.close().catch((e: unknown) => log(`database not dropped: ${String(e)}`));
    // The bus's and the adapter's keys of this run.
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  })();
  return cleaning;
}
cleanUpOnExit(cleanup, Number(values.timeout), log);

async function startNode(name: string, roles: string, databaseUrl: string): Promise<Node> {
  const [port, teltonikaPort, osmandPort, gt06Port, queclinkPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `fleet-bench-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), '--roles', roles], {
    cwd: root,
    env: {
      ...process.env, DATABASE_URL: databaseUrl, BUS_URL: redisUrl, BUS_PREFIX: prefix, PORT: String(port), HOST: '127.0.0.1',
      TELTONIKA_PORT: String(teltonikaPort), OSMAND_PORT: String(osmandPort), GT06_PORT: String(gt06Port), QUECLINK_PORT: String(queclinkPort),
      FLEET_DEMO: '0', FLEET_ADMIN_USER: 'bench.admin@fleet.local', FLEET_ADMIN_PASSWORD: 'Bench-admin-1!', REPORT_SCHEDULER: '0',
      DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (c: Buffer) => { output += c.toString(); if (output.length > 20_000) output = output.slice(-10_000); });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 90 s:\n${output}`)), 90_000);
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
      if (output.includes('is running')) { clearTimeout(timer); resolve(); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${name} exited with ${code}:\n${output}`)); });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  const node = { name, roles, port, teltonikaPort, child, dataDir };
  nodes.push(node);
  return node;
}

async function stopNode(node: Node): Promise<void> {
  const { child } = node;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
  }
  await rm(node.dataDir, { recursive: true, force: true });
}

/**
 * CPU seconds so far of every process whose command name starts with one of `names`: the machine's
 * PostgreSQL and Redis, whose process ids this run does not know (CpuMeter measures the ones it does).
 */
async function cpuSecondsByName(names: string[]): Promise<Record<string, number>> {
  const { readdir, readFile } = await import('node:fs/promises');
  const out: Record<string, number> = Object.fromEntries(names.map((x) => [x, 0]));
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const name = names.find((x) => comm.startsWith(x));
    if (!name) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out[name]! += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return out;
}

async function openFleetPage(apiUrl: string): Promise<Page> {
  const context = await (browser as Browser).newContext({ viewport: { width: 1440, height: 900 } });
  const login = await context.newPage();
  await login.goto(`${apiUrl}/login`);
  await login.getByLabel('E-mail').fill(BENCH_EMAIL);
  await login.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.waitForURL(/\/tabs\/tabs\//, { timeout: 120_000 });
  await login.close();
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  await page.addInitScript({ path: probe });
  await page.goto(`${apiUrl}/tabs/tabs/fleet`);
  await page.locator('li[data-unit]').first().waitFor({ timeout: 300_000 });
  return page;
}

const fmt = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');

async function main() {
  const started = new Date();
  const { existsSync } = await import('node:fs');
  if (pages > 0 && !existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('The web app is not built: run `npm run build -w apps/web` first (or --pages 0).');
  log(`setting up: ${n} units on the machine's PostgreSQL, bus prefix ${prefix}`);
  db = await benchDatabase(values['database-url']);
  const { imeis, siteId } = await createFleetSite(db.database, n);
  // The worker first: it is one of the migrating starts, and the api nodes make the admin.
  const worker = await startNode('worker', 'worker', db.url);
  const [ingestA, ingestB, apiA, apiB] = await Promise.all([
    startNode('ingest-1', 'ingest', db.url), startNode('ingest-2', 'ingest', db.url),
    startNode('api-1', 'api', db.url), startNode('api-2', 'api', db.url),
  ]);
  log(`5 processes up: worker, ingest ×2, api ×2 (http ${apiA!.port}, ${apiB!.port})`);
  // Half the devices on each ingest node, as a TCP load balancer would spread them.
  const half = Math.ceil(n / 2);
  fleets.push(new DeviceFleet(imeis.slice(0, half), 1), new DeviceFleet(imeis.slice(half), 2));
  const t0 = Date.now();
  await Promise.all([fleets[0]!.connect(ingestA!.teltonikaPort), fleets[1]!.connect(ingestB!.teltonikaPort)]);
  log(`${n} devices connected in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await Promise.all(fleets.map((f) => f.reportOnce()));
  const states = await waitForStates(db.database, siteId, n, 300_000);
  log(`${states}/${n} units have a position; starting the once-a-second reports`);
  for (const f of fleets) f.start();

  const apis = [apiA!, apiB!].slice(0, pages);
  let pageList: Page[] = [];
  if (apis.length) {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    pageList = await Promise.all(apis.map((a) => openFleetPage(`http://127.0.0.1:${a.port}`)));
    log(`fleet page open on ${apis.map((a) => a.name).join(' and ')}`);
  }
  await new Promise((r) => setTimeout(r, settleMs));

  // The window: ACKs, rows stored, update ages on each page, CPU per process.
  const count = async () => Number((await db!.database.pool.query('SELECT count(*)::bigint AS c FROM positions')).rows[0].c);
  const acked = () => fleets.reduce((s, f) => s + f.counters().acked, 0);
  const skipped = () => fleets.reduce((s, f) => s + f.counters().skipped, 0);
  // The nodes and Chromium by process tree (bench/lib CpuMeter, with the machine's busy share); the
  // machine's PostgreSQL and Redis by name.
  const browserPid = browser ? chromiumPid() : undefined;
  const cpu = new CpuMeter(() => ({ ...Object.fromEntries(nodes.map((x) => [x.name, x.child.pid])), chromium: browserPid }));
  const others = ['postgres', 'redis-server'];
  const named0 = await cpuSecondsByName(others);
  cpu.begin();
  const [rows0, acked0, skipped0, wall0] = [await count(), acked(), skipped(), Date.now()];
  await Promise.all(pageList.map((p) => p.evaluate(() => {
    const B = (window as unknown as { __bench: { lagging: boolean; lags: number[] } }).__bench;
    B.lags = [];
    B.lagging = true;
  })));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const lags = await Promise.all(pageList.map((p) => p.evaluate(() => {
    const B = (window as unknown as { __bench: { lagging: boolean; lags: number[] } }).__bench;
    B.lagging = false;
    return B.lags;
  })));
  const wall = (Date.now() - wall0) / 1000;
  const [rows1, acked1, skipped1] = [await count(), acked(), skipped()];
  const usage = cpu.end();
  const named1 = await cpuSecondsByName(others);

  const lines: string[] = [];
  lines.push(`cluster-10k: ${command}`);
  lines.push(`date: ${started.toISOString()}; machine: ${machine()}; ${db.label}; Redis bus; processes: worker, ingest ×2, api ×2${browser ? `; Chromium ${browser.version()} headless, ${apis.length} fleet page(s)` : '; no browser'}`);
  lines.push(`${n} devices (${half} on each ingest node), once a second, ${fmt(wall, 1)} s window`);
  lines.push(`reports ACKed ${fmt((acked1 - acked0) / wall)}/s, skipped (previous not yet ACKed) ${fmt((skipped1 - skipped0) / wall)}/s; rows stored ${fmt((rows1 - rows0) / wall)}/s`);
  for (const [i, l] of lags.entries()) {
    const s = [...l].sort((a, b) => a - b);
    lines.push(`${apis[i]!.name}: vehicle update age on arrival (device time to the page's socket) p50 ${fmt(percentile(s, 50))} ms, p95 ${fmt(percentile(s, 95))} ms, p99 ${fmt(percentile(s, 99))} ms, max ${fmt(s.at(-1) ?? Number.NaN)} ms over ${s.length} updates (${fmt(s.length / wall)}/s)`);
  }
  lines.push(`CPU over the window (cores): ${[...nodes.map((x) => x.name), 'chromium'].map((k) => `${k} ${fmt(usage.groups[k] ?? 0, 2)}`).join(', ')}; ` +
    `${others.map((x) => `${x} ${fmt((named1[x]! - named0[x]!) / wall, 2)}`).join(', ')}; ` +
    `this load generator ${fmt(usage.groups.bench ?? Number.NaN, 2)}; machine busy ${fmt(100 * usage.machineBusy)} % of ${os.cpus().length} cores`);
  for (const l of lines) log(l);
  process.stdout.write(`\n${lines.join('\n')}\n`);
  log(`worker node ${worker.name} ran the processors`);
  await cleanup();
}

main().then(() => process.exit(0), async (err: unknown) => {
  log(`failed: ${err instanceof Error ? err.stack : String(err)}`);
  await cleanup();
  process.exit(1);
});
