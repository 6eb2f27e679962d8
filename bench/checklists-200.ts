// Issue 11: 200 cab devices each sending a check list with 2 photos (and the signature) at the same
// moment against the real server in its own process on the embedded PostgreSQL; each device then
// re-sends its sign-off once (an answer lost on the way). Checks every check list is stored exactly
// once (counts in the database) and prints p50/p95/max per check list and the server's peak RSS.
// Usage: npx tsx bench/checklists-200.ts [--devices 200] [--timeout 600]
import { parseArgs } from 'node:util';
import {
  benchDatabase, type BenchDb, benchDrivers, benchLog, cleanUpOnExit, createFleetSite, devicePhoto, type FleetServer, machine, peakRssMiB,
  percentile, sendChecklist, signaturePng, startFleetServer,
} from './lib.ts';

const { values } = parseArgs({ options: { devices: { type: 'string', default: '200' }, timeout: { type: 'string', default: '600' } } });
const devices = Number(values.devices);
const log = benchLog('checklists-200');
let db: BenchDb | undefined;
let server: FleetServer | undefined;
let cleaning: Promise<void> | undefined;
const cleanup = () => (cleaning ??= (async () => { await server?.stop().catch(() => {}); await db?.close().catch(() => {}); })());
cleanUpOnExit(cleanup, Number(values.timeout), log);

async function main() {
  log(`setting up: embedded PostgreSQL, ${devices} vehicles and drivers, the server`);
  db = await benchDatabase();
  const { siteId } = await createFleetSite(db.database, devices);
  server = await startFleetServer(db.url);
  const drivers = await benchDrivers(db.database, siteId, devices);
  const photos = await Promise.all([1, 2].map((i) => devicePhoto(i)));
  const signature = await signaturePng();
  const pid = server.child.pid!;
  const rssBefore = await peakRssMiB(pid);
  log(`server pid ${pid}, peak RSS before ${rssBefore.toFixed(0)} MiB; ${devices} devices start`);
  const t0 = performance.now();
  const results = await Promise.allSettled(drivers.map((d) => sendChecklist(server!.url, d, { items: 20, photos, signature, resend: true })));
  const wall = performance.now() - t0;
  const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
  const sorted = ok.map((r) => r.ms).sort((a, b) => a - b);
  const sameId = ok.every((r) => r.duplicateId === r.id);
  const { rows: [c] } = await db.database.pool.query(
    `SELECT (SELECT count(*) FROM checklists)::int AS lists, (SELECT count(DISTINCT client_key) FROM checklists)::int AS keys,
            (SELECT count(*) FROM uploads)::int AS uploads, (SELECT count(*) FROM checklist_faults)::int AS faults`);
  const rss = await peakRssMiB(pid);
  console.log(`${machine()}; ${db.label}`);
  console.log(`${devices} devices at once, each 2 photos (${photos.map((p) => `${Math.round(p.length / 1024)} KiB`).join(', ')}) + signature + sign-off, then the sign-off again`);
  console.log(`per check list: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; all done in ${(wall / 1000).toFixed(1)} s; failed ${failed.length}${failed.length ? ` (first: ${failed[0]})` : ''}`);
  console.log(`stored: ${c.lists} check lists (${c.keys} keys), ${c.uploads} uploads, ${c.faults} faults; expected ${devices}, ${devices * 3}, ${devices * 2}; re-sends answered the same id: ${sameId}`);
  console.log(`server peak RSS ${rss.toFixed(0)} MiB (${rssBefore.toFixed(0)} MiB before the devices started)`);
  if (c.lists !== devices || c.uploads !== devices * 3 || !sameId || failed.length > 0) process.exitCode = 1;
}

main().then(cleanup, async (err: unknown) => { log(String(err instanceof Error ? err.stack : err)); await cleanup(); process.exitCode = 1; });
