// Issue 12: replay of a vehicle-day of 86,400 1 Hz positions in headless Chromium against the real
// server. A fresh database gets one vehicle with a day of positions (inserted by SQL: a loop around
// Leeds, speed rising and falling, ignition on, a 20-minute standstill every 2 hours with it off);
// then, in the same run and browser:
//   replay  — the activitymap page: time from the data answer's last byte (Resource Timing) to the
//             track first drawn (the first frame after the track source's tiles are loaded), and
//             scrubbing: the slider driven once per animation frame for N frames through its real
//             input event (the page's own path: clock, vehicle marker, chart cursor), frames counted
//             with requestAnimationFrame;
//   plain   — a page with nothing but MapLibre (the same version) drawing the same answer as one line
//             on a blank style (no basemap), timed the same way (from the answer's last byte, JSON
//             parse included), and scrubbed the way a plain page would: a
//             GeoJSON point source moved with setData each frame.
// Usage: npx tsx bench/replay-browser.ts [--trials 3] [--frames 600] [--timeout 900]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  BENCH_EMAIL, BENCH_PASSWORD, benchDatabase, type BenchDb, benchLog, CHROMIUM_ARGS, CHROMIUM_PATH, cleanUpOnExit, createFleetSite, type FleetServer, machine, root, startFleetServer,
} from './lib.ts';

const { values } = parseArgs({ options: {
  trials: { type: 'string', default: '3' }, frames: { type: 'string', default: '600' }, timeout: { type: 'string', default: '900' },
} });
const trials = Number(values.trials);
const frames = Number(values.frames);
const log = benchLog('replay');
const POINTS = 86_400;

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

/** Yesterday in London: a whole day, in the past. */
function benchDay(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() - 86_400_000);
}

/** One position a second for the whole day (London is on UTC in winter; the day's bounds are the answer's own). */
async function seedDay(database: BenchDb['database'], unitId: number, day: string): Promise<void> {
  await database.pool.query(
    `INSERT INTO positions (unit_id, device_time, received_at, lat, lon, altitude, angle, satellites, speed, io, protocol)
     SELECT $1, ts, ts, 53.80 + 0.12 * sin(a), -1.55 + 0.2 * cos(a), 60,
            ((degrees(a) + 180)::int % 360), 12, sp, jsonb_build_object('239', CASE WHEN sp > 0 THEN 1 ELSE 0 END), 'teltonika'
     FROM (
       SELECT ts, g / 3000.0 AS a,
              CASE WHEN (g % 7200) < 1200 THEN 0 ELSE (35 + 45 * abs(sin(g / 400.0)))::int END AS sp
       FROM generate_series(0, $3 - 1) g, LATERAL (SELECT ($2::date + g * interval '1 second') AT TIME ZONE 'Europe/London' AS ts) x
     ) p`,
    [unitId, day, POINTS]);
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(BENCH_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
}

interface Figures { firstDrawMs: number; parseToDrawMs?: number; fps: number; p95FrameMs: number; worstFrameMs: number }

/** Runs `frames` animation frames, calling `step(i)` in each; answers frames per second and frame-time spread. */
const SCRUB = `async (frames, step) => {
  const times = [];
  await new Promise((done) => {
    let i = 0;
    const tick = (now) => {
      times.push(now);
      if (i >= frames) return done();
      step(i++);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const gaps = times.slice(1).map((t, k) => t - times[k]).sort((a, b) => a - b);
  return { fps: (gaps.length * 1000) / (times.at(-1) - times[0]), p95: gaps[Math.floor(gaps.length * 0.95)], worst: gaps.at(-1) };
}`;

async function replayTrial(page: Page, url: string, unitId: number, day: string): Promise<Figures> {
  await page.goto(`${url}/tabs/tabs/activitymap?v=${unitId}&d=${day}`);
  await page.waitForFunction(() => (window as { replayDrawnAt?: number }).replayDrawnAt !== undefined, undefined, { timeout: 60_000 });
  const { firstDrawMs, steps } = await page.evaluate(() => {
    const data = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/v1/data?')) as PerformanceResourceTiming;
    // The page's own marks on the way (data parsed, view made, layers added, drawn), from the answer's last byte.
    const steps = performance.getEntriesByType('mark').filter((m) => /^(journeys|replay):/.test(m.name))
      .map((m) => `${m.name.split(':')[1]} ${Math.round(m.startTime - data.responseEnd)}`).join(', ');
    return { firstDrawMs: ((window as { replayDrawnAt?: number }).replayDrawnAt ?? NaN) - data.responseEnd, steps };
  });
  log(`replay steps after the answer (ms): ${steps}`);
  const scrub = await page.evaluate(`(${SCRUB})(${frames}, (() => {
    const slider = document.querySelector('[data-replay-slider]');
    const min = Number(slider.min), max = Number(slider.max);
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    return (i) => { set.call(slider, String(min + ((max - min) * i) / ${frames})); slider.dispatchEvent(new Event('input', { bubbles: true })); };
  })())`) as { fps: number; p95: number; worst: number };
  return { firstDrawMs, fps: scrub.fps, p95FrameMs: scrub.p95, worstFrameMs: scrub.worst };
}

const PLAIN_HTML = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/bench-plain/maplibre-gl.css">
<style>html,body,#map{margin:0;width:100%;height:100%}</style></head><body><div id="map"></div>
<script type="module">
import * as maplibregl from '/bench-plain/maplibre-gl.mjs';
maplibregl.setWorkerUrl('/bench-plain/maplibre-gl-worker.mjs');
window.plainRun = async (query) => {
  const user = JSON.parse(localStorage.getItem('user') ?? '{}');
  const res = await fetch('/api/v1/data?' + query, { headers: { Authorization: 'Bearer ' + user.token } });
  const answer = await res.json();
  const answeredAt = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/v1/data?')).at(-1).responseEnd;
  const p = answer.tracks[0].points;
  const coords = p.lon.map((lon, i) => [lon, p.lat[i]]);
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const [x, y] of coords) { w = Math.min(w, x); e = Math.max(e, x); s = Math.min(s, y); n = Math.max(n, y); }
  const map = new maplibregl.Map({ container: 'map', bounds: [[w, s], [e, n]], fitBoundsOptions: { padding: 56 }, fadeDuration: 0,
    style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#c6dbe9' } }] } });
  window.plainMap = map;
  await new Promise((r) => map.once('load', r));
  map.addSource('line', { type: 'geojson', data: { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: coords } } });
  map.addLayer({ id: 'line', type: 'line', source: 'line', paint: { 'line-color': '#1971c2', 'line-width': 3 } });
  map.addSource('dot', { type: 'geojson', data: { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: coords[0] } } });
  map.addLayer({ id: 'dot', type: 'circle', source: 'dot', paint: { 'circle-radius': 8, 'circle-color': '#e8590c' } });
  // Drawn as the replay page counts it: the first frame after the line's tiles are in.
  await new Promise((r) => {
    const onData = (e) => {
      if (e.sourceId !== 'line' || !map.isSourceLoaded('line')) return;
      map.off('sourcedata', onData);
      map.once('render', r);
      map.triggerRepaint();
    };
    map.on('sourcedata', onData);
  });
  window.plainCoords = coords;
  return performance.now() - answeredAt;
};
</script></body></html>`;

async function plainTrial(page: Page, url: string, unitId: number, day: string): Promise<Figures> {
  await page.goto(`${url}/bench-plain/`);
  await page.waitForFunction(() => typeof (window as { plainRun?: unknown }).plainRun === 'function');
  const firstDrawMs = await page.evaluate(`window.plainRun('v=${unitId}&d=${day}')`) as number;
  const scrub = await page.evaluate(`(${SCRUB})(${frames}, (i) => {
    const c = window.plainCoords[Math.floor((window.plainCoords.length - 1) * i / ${frames})];
    window.plainMap.getSource('dot').setData({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: c } });
  })`) as { fps: number; p95: number; worst: number };
  return { firstDrawMs, fps: scrub.fps, p95FrameMs: scrub.p95, worstFrameMs: scrub.worst };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  log(machine());
  db = await benchDatabase();
  const { siteId } = await createFleetSite(db.database, 1);
  const unitId = (await db.database.pool.query('SELECT id FROM units WHERE site_id = $1', [siteId])).rows[0].id as number;
  const day = benchDay();
  const seeded = Date.now();
  await seedDay(db.database, unitId, day);
  log(`${POINTS} positions of ${day} seeded in ${Date.now() - seeded} ms`);
  server = await startFleetServer(db.url);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const dist = path.join(root, 'node_modules/maplibre-gl/dist');
  await context.route('**/bench-plain/**', (route) => {
    const name = new URL(route.request().url()).pathname.replace('/bench-plain/', '');
    if (name === '') return route.fulfill({ contentType: 'text/html', body: PLAIN_HTML });
    const type = name.endsWith('.css') ? 'text/css' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(path.join(dist, path.basename(name))) });
  });
  const page = await context.newPage();
  await signIn(page, server.url);
  // The data answer's size on the wire (compressed), once.
  const wire = await page.evaluate(async (q) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
    const t0 = performance.now();
    const res = await fetch(`/api/v1/data?${q}`, { headers: { Authorization: `Bearer ${user.token}` } });
    const body = await res.text();
    const e = performance.getEntriesByType('resource').filter((x) => x.name.includes('/api/v1/data?')).at(-1) as PerformanceResourceTiming;
    return { ms: performance.now() - t0, bytes: e.encodedBodySize, raw: body.length, encoding: res.headers.get('content-encoding') };
  }, `v=${unitId}&d=${day}`);
  log(`data answer: ${wire.raw} bytes raw, ${wire.bytes} on the wire (${wire.encoding ?? 'identity'}), ${Math.round(wire.ms)} ms`);

  const replay: Figures[] = [];
  const plain: Figures[] = [];
  for (let i = 0; i < trials; i++) {
    replay.push(await replayTrial(page, server.url, unitId, day));
    log(`replay trial ${i + 1}: ${JSON.stringify(replay.at(-1))}`);
    plain.push(await plainTrial(page, server.url, unitId, day));
    log(`plain trial ${i + 1}: ${JSON.stringify(plain.at(-1))}`);
  }
  const row = (name: string, f: Figures[]) =>
    `| ${name} | ${Math.round(median(f.map((x) => x.firstDrawMs)))} ms (${f.map((x) => Math.round(x.firstDrawMs)).join(', ')}) | ${median(f.map((x) => x.fps)).toFixed(1)} fps (${f.map((x) => x.fps.toFixed(1)).join(', ')}) | ${median(f.map((x) => x.p95FrameMs)).toFixed(1)} ms | ${Math.round(Math.max(...f.map((x) => x.worstFrameMs)))} ms |`;
  const out = [
    `points ${POINTS}, trials ${trials}, ${frames} scrub frames each; data answer ${Math.round(wire.raw / 1024)} KiB raw, ${Math.round(wire.bytes / 1024)} KiB on the wire (${wire.encoding ?? 'identity'})`,
    '| page | first draw after the answer: median (trials) | scrubbing: median (trials) | p95 frame | worst frame |',
    '|---|---|---|---|---|',
    row('replay (activitymap)', replay),
    row('plain MapLibre, same line', plain),
  ].join('\n');
  console.log(out);
}

main().then(cleanup, async (e: unknown) => {
  log(`failed: ${e instanceof Error ? e.stack : String(e)}`);
  await cleanup();
  process.exit(1);
});
