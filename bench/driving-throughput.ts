// How fast does the driving processor go through the log? A backlog of positions (default 300 units ×
// 2,000 records, one a second of device time: driving at 50-130 km/h with RPM, idling, parked, and a
// green driving or over-speeding record now and then) is stored through the real position writer,
// then the processor runs until it has caught up; the rate is log rows per second of its runs.
// Usage: npx tsx bench/driving-throughput.ts [--units 300] [--records 2000] [--external postgres://…]
import { parseArgs } from 'node:util';
import { positionWriter, type PositionRow } from '../apps/server/src/ingest/position-writer.ts';
import { drivingProcessor } from '../apps/server/src/ingest/processors/driving-processor.ts';
import { unitDirectory } from '../apps/server/src/ingest/unit-directory.ts';
import { benchDatabase, cleanUpOnExit, createUnits, benchLog, machine } from './lib.ts';

const { values } = parseArgs({ options: { units: { type: 'string', default: '300' }, records: { type: 'string', default: '2000' }, external: { type: 'string' } } });
const log = benchLog('driving-throughput');

/** Unit `i`'s record `k`: 15 min driving (2 of them at 130 km/h, over-revving), 7 idling, 3 parked, repeated. */
function recordOf(unitId: number, i: number, k: number, startMs: number): PositionRow {
  const s = (k + i * 53) % 1500;
  const moving = s < 900;
  const fast = s >= 300 && s < 420;
  const speed = moving ? (fast ? 130 : 50) : 0;
  const io: Record<string, number> = { 239: s < 1320 ? 1 : 0, 240: moving ? 1 : 0, 16: 1_000_000 + k * 14, 85: fast ? 3_900 : moving ? 1_800 : 750 };
  let eventIo = 0;
  if (moving && k % 401 === i % 401) { io[253] = 1 + (k % 3); io[254] = 45; eventIo = 253; }
  if (fast && s === 310) { io[255] = 130; eventIo = 255; }
  return {
    unitId, deviceTimeMs: startMs + k * 1000, lat: 53.5 + (i % 40) * 0.02 + k * 1e-5, lon: -2 + Math.floor(i / 40) * 0.03,
    altitude: 60, angle: 0, satellites: 10, speed, priority: 0, eventIo, io, protocol: 'teltonika-tcp',
  };
}

async function main(): Promise<void> {
  const unitCount = Number(values.units);
  const records = Number(values.records);
  const db = await benchDatabase(values.external);
  cleanUpOnExit(() => db.close(), 1800, log);
  await createUnits(db.database, unitCount);
  const units = (await db.database.pool.query<{ id: number }>('SELECT id FROM units ORDER BY id')).rows.map((r) => r.id);
  console.log(`# driving processor over a backlog: ${unitCount} units × ${records} records`);
  console.log(`machine: ${machine()}; ${db.label}`);
  const writer = positionWriter(db.database.pool);
  const startMs = Date.UTC(2026, 10, 20, 0, 0, 0);
  for (let k = 0; k < records; k += 20) {
    const rows: PositionRow[] = [];
    for (let j = k; j < Math.min(records, k + 20); j++) units.forEach((u, i) => rows.push(recordOf(u, i, j, startMs)));
    await writer.write(rows);
  }
  while (writer.pending > 0) await new Promise((r) => setTimeout(r, 20));
  writer.close();
  const stored = Number((await db.database.pool.query('SELECT count(*) FROM positions')).rows[0].count);
  const driving = drivingProcessor(db.database.pool, unitDirectory(db.database.pool));
  const started = performance.now();
  let rows = 0;
  let runs = 0;
  for (;;) {
    const n = await driving.runOnce();
    if (n === 0) break;
    rows += n;
    runs += 1;
  }
  const s = (performance.now() - started) / 1000;
  const kinds = (await db.database.pool.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM driving_events GROUP BY kind ORDER BY kind')).rows;
  console.log(`stored ${stored.toLocaleString('en')} positions; processor: ${rows.toLocaleString('en')} log rows in ${s.toFixed(1)} s (${Math.round(rows / s).toLocaleString('en')} rows/s), ${runs} runs of ${driving.batch.toLocaleString('en')}`);
  console.log(`events: ${kinds.map((x) => `${x.n.toLocaleString('en')} ${x.kind}`).join(', ')}`);
  await db.close();
}

await main();
