// Diagnostic: a CPU profile of the fleet page (load, then steady state) under N moving vehicles, mapped to sources.
// Usage: npx tsx bench/map-10k/profile.ts [N]
import { chromium } from 'playwright-core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, CHROMIUM_ARGS, CHROMIUM_PATH, createFleetSite, DeviceFleet, root, startFleetServer, waitForStates } from '../lib.ts';

/** What bench/map-10k/probe.js leaves on the page. */
type BenchWindow = { __bench: Record<string, number | null> };

const n = Number(process.argv[2] ?? 500);
const db = await benchDatabase();
const { imeis, siteId } = await createFleetSite(db.database, n);
const server = await startFleetServer(db.url);
const fleet = new DeviceFleet(imeis);
try {
  await fleet.connect(server.teltonikaPort);
  await fleet.reportOnce();
  await waitForStates(db.database, siteId, n);
  fleet.start();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('console', (m) => console.log('console:', m.text().slice(0, 200)));
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(BENCH_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
  await page.addInitScript({ path: path.join(root, 'bench/map-10k/probe.js') });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  const t = Date.now();
  await page.goto(`${server.url}/tabs/tabs/fleet`);
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.firstVehicleFrameAt !== null, null, { timeout: 180_000, polling: 250 });
  console.log('first vehicle after', (Date.now() - t) / 1000, 's', await page.evaluate(() => { const B = (window as unknown as BenchWindow).__bench; return { tile: B.firstVehicleTileAt, frame: B.firstVehicleFrameAt, nav: performance.getEntriesByType('resource').filter((e) => e.name.includes('vehicles')).map((e) => [e.name.slice(-40), e.startTime, (e as PerformanceResourceTiming).responseEnd]) }; }));
  const { profile: p1 } = await cdp.send('Profiler.stop');
  await new Promise((r) => setTimeout(r, 3000));
  await cdp.send('Profiler.start');
  await new Promise((r) => setTimeout(r, 8000));
  const { profile: p2 } = await cdp.send('Profiler.stop');
  const maps = new Map<string, TraceMap | null>();
  const mapFor = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(root, 'apps/web/dist', new URL(url).pathname + '.map');
      maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(url);
  };
  const report = (label: string, profile: typeof p1) => {
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((nd) => [nd.id, nd]));
    const dt = new Map<number, number>();
    (profile.samples ?? []).forEach((s, i) => dt.set(s, (dt.get(s) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000));
    for (const [id, ms] of dt) {
      const nd = byId.get(id)!;
      const cf = nd.callFrame;
      let name = `${cf.functionName || '(anon)'} ${cf.url ? path.basename(cf.url) : ''}:${cf.lineNumber}:${cf.columnNumber}`;
      if (cf.url.startsWith('http') && cf.lineNumber >= 0) {
        const m = mapFor(cf.url);
        if (m) { const o = originalPositionFor(m, { line: cf.lineNumber + 1, column: cf.columnNumber }); if (o.source) name = `${o.name ?? cf.functionName} ${o.source.replace(/^.*node_modules\//, 'nm/').replace(/^.*\/src\//, 'src/')}:${o.line}`; }
      }
      self.set(name, (self.get(name) ?? 0) + ms);
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`== ${label}: ${total.toFixed(0)} ms sampled`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(0).padStart(7), k);
  };
  report('load', p1);
  report('steady 8 s', p2);
  await browser.close();
} finally {
  fleet.close();
  await server.stop();
  await db.close();
}
process.exit(0);
