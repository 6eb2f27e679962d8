// Geofence match rate on one core: positions/s against 100, 1,000 and 10,000 POI on one site around
// the UK (circles 50 m–2 km, polygons 4–40 vertices), so the flatness of the cost shows.
// Usage: npx tsx bench/geofence.ts [--millions 2] [--seed 42]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type BBox, circleBBox, inCircle, pointInPolygon, polygonBBox, type XY } from '@fleet/shared/rules/geo';
import { GeofenceIndex, type GeofenceRow, GeofenceTracker } from '../apps/server/src/modules/geofence/index.ts';

const { values } = parseArgs({ options: { millions: { type: 'string', default: '2' }, seed: { type: 'string', default: '42' } } });
const positions = Math.round(Number(values.millions) * 1_000_000);
const SITE = 1;
const UK = { minLat: 50.0, maxLat: 58.6, minLon: -6.0, maxLon: 1.8 };
const M_PER_DEG_LAT = 111_195;

// mulberry32: a small seeded generator so every run measures the same POI and positions.
let state = Number(values.seed) >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (lo: number, hi: number) => lo + random() * (hi - lo);
const logBetween = (lo: number, hi: number) => Math.exp(between(Math.log(lo), Math.log(hi)));

function poi(id: number): GeofenceRow {
  const lat = between(UK.minLat, UK.maxLat);
  const lon = between(UK.minLon, UK.maxLon);
  const radius = logBetween(50, 2000);
  if (random() < 0.5) return { id, siteId: SITE, mode: 1, lat, lon, radius };
  // A star-shaped ring (angles sorted, radii jittered): simple, and often concave.
  const n = 4 + Math.floor(random() * 37);
  const angles = Array.from({ length: n }, () => between(0, 2 * Math.PI)).sort((a, b) => a - b);
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
  const points = angles.map((a) => {
    const r = radius * between(0.3, 1);
    return { x: lon + (r * Math.cos(a)) / mPerDegLon, y: lat + (r * Math.sin(a)) / M_PER_DEG_LAT };
  });
  return { id, siteId: SITE, mode: 2, points };
}

/** Flat [lat, lon, lat, lon, …]: uniform over the UK box, or within ~2 km of a POI's centre. */
function makePositions(n: number, near?: readonly GeofenceRow[]): Float64Array {
  const out = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    if (near) {
      const p = near[Math.floor(random() * near.length)] as GeofenceRow;
      const lat = p.lat ?? (p.points?.[0]?.y as number);
      const lon = p.lon ?? (p.points?.[0]?.x as number);
      out[2 * i] = lat + between(-0.018, 0.018);
      out[2 * i + 1] = lon + between(-0.03, 0.03);
    } else {
      out[2 * i] = between(UK.minLat, UK.maxLat);
      out[2 * i + 1] = between(UK.minLon, UK.maxLon);
    }
  }
  return out;
}

function run(index: GeofenceIndex, pos: Float64Array): { rate: number; hitsPer1k: number } {
  const n = pos.length / 2;
  let hits = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) hits += index.match(SITE, pos[2 * i] as number, pos[2 * i + 1] as number).length;
  const s = (performance.now() - t0) / 1000;
  return { rate: n / s, hitsPer1k: (hits / n) * 1000 };
}

/** The contrast: no index, every POI's box checked per position, then the exact test on box hits. */
function linearScan(rows: readonly GeofenceRow[], pos: Float64Array): number {
  const shapes = rows.map((r) => {
    const circle = r.mode === 1 ? { lat: r.lat as number, lon: r.lon as number, radiusMetres: r.radius as number } : null;
    const box = (circle ? circleBBox(circle) : polygonBBox(r.points ?? [])) as BBox;
    return { box, circle, points: (r.points ?? []) as readonly XY[] };
  });
  const n = pos.length / 2;
  let hits = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const p = { lat: pos[2 * i] as number, lon: pos[2 * i + 1] as number };
    for (const { box, circle, points } of shapes) {
      if (p.lat < box.minLat || p.lat > box.maxLat || p.lon < box.minLon || p.lon > box.maxLon) continue;
      if (circle ? inCircle(p, circle) : pointInPolygon(p, points)) hits++;
    }
  }
  if (hits < 0) console.log(hits); // keeps the loop observable
  return n / ((performance.now() - t0) / 1000);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const cpus = os.cpus();
console.log(`command: npx tsx bench/geofence.ts --millions ${values.millions} --seed ${values.seed}`);
console.log(`machine: ${os.type()} ${os.release()} ${os.arch()}, ${cpus.length} cores (${cpus[0]?.model ?? 'cpu'}), Node ${process.version}`);
console.log(`date: ${new Date().toISOString()}`);
console.log(`${fmt(positions)} positions per run, one core, GeofenceIndex.match (flatbush bbox query + exact test)`);
console.log('POI     build ms  uniform positions/s  hits/1k  near-POI positions/s  hits/1k  linear scan positions/s');

const all = Array.from({ length: 10_000 }, (_, i) => poi(i + 1));
const uniform = makePositions(positions);
const near = makePositions(positions, all);
// Warm the JIT on a throwaway index so the first row is not penalised.
run(new GeofenceIndex(all.slice(0, 500)), uniform.subarray(0, 400_000));

for (const count of [100, 1_000, 10_000]) {
  const rows = all.slice(0, count);
  const t0 = performance.now();
  const index = new GeofenceIndex(rows);
  const buildMs = performance.now() - t0;
  // Near-POI positions cluster around the POI in this index, so hit rates are comparable across sizes.
  const nearHere = count === all.length ? near : makePositions(positions, rows);
  const u = run(index, uniform);
  const h = run(index, nearHere);
  const linear = linearScan(rows, uniform.subarray(0, 2 * Math.min(positions, Math.round(2e8 / count))));
  console.log(
    `${fmt(count).padStart(6)}  ${buildMs.toFixed(1).padStart(8)}  ${fmt(u.rate).padStart(19)}  ${u.hitsPer1k.toFixed(2).padStart(7)}` +
      `  ${fmt(h.rate).padStart(20)}  ${h.hitsPer1k.toFixed(1).padStart(7)}` +
      `  ${fmt(linear).padStart(23)}`,
  );
}

// The server's path: GeofenceTracker.update for 10,000 units spread over the near-POI positions.
const tracker = new GeofenceTracker(new GeofenceIndex(all));
let events = 0;
const n = near.length / 2;
const t0 = performance.now();
for (let i = 0; i < n; i++) {
  const e = tracker.update(i % 10_000, SITE, near[2 * i] as number, near[2 * i + 1] as number, i);
  events += e.entered.length + e.exited.length;
}
const rate = n / ((performance.now() - t0) / 1000);
console.log(`tracker, 10,000 POI, 10,000 units, near-POI positions: ${fmt(rate)} updates/s, ${fmt(events)} enter/exit events`);
