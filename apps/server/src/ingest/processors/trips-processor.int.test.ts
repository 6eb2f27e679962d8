import type { AvlRecord, IoValue } from '@fleet/protocols';
import { ensureDefaultBrand, seedDemo } from '@fleet/db/seed/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { TestDevice } from '../../../test/device-client.ts';
import { caughtUp } from '../../../test/until.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { positionWriter, type PositionRow } from '../position-writer.ts';
import { unitDirectory } from '../unit-directory.ts';
import { hgvLongIdle, TrackBuilder, vanDay } from './fixtures/tracks.ts';
import { tripsProcessor } from './trips-processor.ts';
import { comparePoints, foldPositions, freshState, type TripPoint } from './trips-rules.ts';

const KEY = '0000A1B2C3D4E5F6';

/** A track position as the device's record (ignition 239, odometer 16, driver key 78). */
function toRecord(p: TripPoint): AvlRecord {
  const io = new Map<number, IoValue>([[240, { size: 1, value: p.speed >= 5 ? 1 : 0 }]]);
  if (p.ign !== null) io.set(239, { size: 1, value: p.ign ? 1 : 0 });
  if (p.odo !== null) io.set(16, { size: 4, value: p.odo });
  if (p.eh !== null) io.set(102, { size: 4, value: Math.round(p.eh * 60) });
  if (p.tag) io.set(78, { size: 8, value: BigInt(`0x${p.tag}`) });
  return {
    timestampMs: p.t, priority: 0, longitude: p.lon, latitude: p.lat, altitude: 60, angle: 0, satellites: 10,
    speedKmh: p.speed, eventIoId: p.e, io, ioVariable: new Map(),
  };
}

/** The same position as the writer stores it. */
function toRow(unitId: number, p: TripPoint): PositionRow {
  const r = toRecord(p);
  const io: Record<string, number> = {};
  for (const [k, v] of r.io) io[k] = Number(v.value);
  return {
    unitId, deviceTimeMs: p.t, lat: p.lat, lon: p.lon, altitude: 60, angle: 0, satellites: 10, speed: p.speed,
    priority: 0, eventIo: p.e, io, protocol: 'teltonika-tcp',
  };
}

type Row = Record<string, unknown>;
/** A unit's segments without what differs between units (ids, the unit). */
async function segmentsOf(pool: { query: (q: string, v: unknown[]) => Promise<{ rows: Row[] }> }, unitId: number): Promise<Row[]> {
  const { rows } = await pool.query(
    `SELECT kind, open, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, driving_s, idle_s, max_speed,
       avg_speed, driver_id, start_odometer, end_odometer, start_engine_hours, end_engine_hours, points
     FROM trips WHERE unit_id = $1 ORDER BY start_time`, [unitId]);
  return rows;
}

describe('trips processor through the app: a van drives, stops, drives', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('a drive through a trip and a stop gives the expected rows, with the driver of the key and the lag reported', async () => {
    const { rows: [van] } = await t.database.pool.query<{ id: number; device_id: string; site_id: number }>(
      'SELECT id, device_id, site_id FROM units WHERE unit_type_id = 1 ORDER BY id LIMIT 1');
    if (!van) throw new Error('no van');
    const { rows: [driver] } = await t.database.pool.query<{ id: number }>(
      'UPDATE drivers SET tag = $2 WHERE id = (SELECT id FROM drivers WHERE site_id = $1 ORDER BY id LIMIT 1) RETURNING id', [van.site_id, KEY.toLowerCase()]);
    const track = new TrackBuilder({ t: '2026-11-23T07:00:00Z', lat: 53.7997, lon: -1.5492 }, { odometer: true, engineHours: true, tag: KEY })
      .park(1800).start().idle(60).drive(6, 45, 30).park(900, 300).start().drive(2, 30, 90).points;
    const d = await TestDevice.connect(t.ingest.ports.teltonika);
    expect(await d.login(van.device_id)).toBe(1);
    for (let i = 0; i < track.length; i += 25) expect(await d.send(track.slice(i, i + 25).map(toRecord))).toBe(Math.min(25, track.length - i));
    d.close();
    await caughtUp(t.database.pool);

    const rows = await segmentsOf(t.database.pool, van.id);
    expect(rows.map((r) => `${String(r.kind)}${r.open ? '*' : ''}`)).toEqual(['stop', 'trip', 'stop', 'trip*']);
    const trip = rows[1] as Row;
    expect(trip.distance_m).toBe(6000);
    expect(trip.driver_id).toBe(driver?.id);
    expect(Number(trip.driving_s) + Number(trip.idle_s)).toBe(Math.round(((trip.end_time as Date).getTime() - (trip.start_time as Date).getTime()) / 1000));
    expect((rows[2] as Row).start_time).toEqual(trip.end_time);
    expect((rows[2] as Row).end_time).toEqual((rows[3] as Row).start_time);
    const state = await t.database.pool.query<{ last_time: Date }>('SELECT last_time FROM unit_trip_state WHERE unit_id = $1', [van.id]);
    expect(state.rows[0]?.last_time.getTime()).toBe(track.at(-1)?.t);

    const lag = t.ingest.stats.snapshot().processors.trips;
    expect(lag?.rowsBehind).toBe(0);
    expect(lag?.secondsBehind).toBe(0);
  });
});

describe('trips processor over the log: replays, late positions, many units', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let units: number[];
  const writer = () => positionWriter(db.pool);
  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureDefaultBrand(db.db, { publicUrl: 'http://fleet.test' });
    await seedDemo(db.db, { passwordHash: await hashPassword('Demo!2026pass'), publicUrl: 'http://fleet.test' });
    units = (await db.pool.query<{ id: number }>('SELECT id FROM units WHERE unit_type_id IN (1, 2, 3) ORDER BY id LIMIT 60')).rows.map((r) => r.id);
    // Without assigned drivers, the segments of units given the same track are the same.
    await db.pool.query('UPDATE units SET driver_id = NULL WHERE id = ANY($1::int[])', [units]);
  });
  afterAll(async () => { await db.drop(); });

  const processor = (opts: Parameters<typeof tripsProcessor>[2] = {}) =>
    tripsProcessor(db.pool, unitDirectory(db.pool), { batch: 500, ...opts });
  const drain = async (p: ReturnType<typeof processor>) => { while (await p.runOnce() > 0) { /* until caught up */ } };
  const expected = (points: TripPoint[]) => {
    const r = foldPositions(freshState(), [...points].sort(comparePoints));
    return r.open ? [...r.closed, r.open] : r.closed;
  };

  it('out-of-order arrival across batches, a crash mid-run and a re-send give the rows of in-order arrival', async () => {
    const [inOrder, shuffled, crashed, holed] = units as [number, number, number, number];
    const track = hgvLongIdle();
    const w = writer();
    await w.write(track.map((p) => toRow(inOrder, p)));
    // The shuffled unit: the newest half first, then the older half backwards in small batches, some sent twice.
    const half = Math.floor(track.length / 2);
    const p = processor();
    await w.write(track.slice(half).map((x) => toRow(shuffled, x)));
    await drain(p);
    const older = track.slice(0, half).reverse();
    for (let i = 0; i < older.length; i += 37) {
      await w.write(older.slice(i, i + 37).map((x) => toRow(shuffled, x)));
      await w.write(older.slice(i, i + 5).map((x) => toRow(shuffled, x)));
      await drain(p);
    }
    // The crashed unit: its run throws once between writing segments and the cutter state.
    let failures = 1;
    const fragile = processor({ beforeWrite: () => { if (failures-- > 0) throw new Error('crash'); } });
    await w.write(track.slice(0, 100).map((x) => toRow(crashed, x)));
    await expect(fragile.runOnce()).rejects.toThrow('crash');
    await w.write(track.slice(100).map((x) => toRow(crashed, x)));
    await drain(fragile);
    // The holed unit: a stretch in the middle of its day (from the idle at the bay on) comes in last,
    // so the unit is cut again from a stored segment in the middle of its history.
    await w.write([...track.slice(0, 190), ...track.slice(260)].map((x) => toRow(holed, x)));
    await drain(p);
    const before = await segmentsOf(db.pool, holed);
    await w.write(track.slice(190, 260).map((x) => toRow(holed, x)));
    await drain(p);
    w.close();

    const want = await segmentsOf(db.pool, inOrder);
    expect(want.map((r) => [r.kind, r.points])).toEqual(expected(track).map((s) => [s.kind, s.points]));
    expect(await segmentsOf(db.pool, shuffled)).toEqual(want);
    expect(await segmentsOf(db.pool, crashed)).toEqual(want);
    expect(before).not.toEqual(want);
    expect((before[0] as Row).start_time).toEqual((want[0] as Row).start_time);
    expect(await segmentsOf(db.pool, holed)).toEqual(want);
  });

  it("reads the ignition where the unit type's IO map puts it (a run with new inputs is read again)", async () => {
    const unit = units.at(-1) as number;
    await db.pool.query(`INSERT INTO unit_types (id, name, io_map) VALUES (98, 'Ignition on DIN1', '{"ignition": 1}'::jsonb)`);
    await db.pool.query('UPDATE units SET unit_type_id = 98 WHERE id = $1', [unit]);
    const track = vanDay();
    const w = writer();
    await w.write(track.map((p) => {
      const row = toRow(unit, p);
      const { 239: ign, ...io } = row.io as Record<string, number>;
      return { ...row, io: ign === undefined ? io : { ...io, 1: ign } };
    }));
    w.close();
    const p = processor();
    await expect(p.runOnce()).rejects.toThrow('IO elements 1');
    await drain(p);
    const rows = await segmentsOf(db.pool, unit);
    expect(rows.map((r) => [r.kind, r.points])).toEqual(expected(track).map((s) => [s.kind, s.points]));
  });

  it('a batch holding many units cuts each as its own', async () => {
    // Units the tests above did not use (the first four and the last have tracks of their own).
    const many = units.slice(4, -1);
    const track = vanDay();
    const w = writer();
    // Interleaved as devices report: a few records of each unit in turn.
    const rows: PositionRow[] = [];
    for (let i = 0; i < track.length; i += 4) for (const u of many) rows.push(...track.slice(i, i + 4).map((x) => toRow(u, x)));
    await w.write(rows);
    w.close();
    const p = tripsProcessor(db.pool, unitDirectory(db.pool), { batch: 20_000 });
    await drain(p);
    const want = expected(track);
    const { rows: counts } = await db.pool.query<{ unit_id: number; n: number; trips: number; m: number }>(
      `SELECT unit_id, count(*)::int AS n, count(*) FILTER (WHERE kind = 'trip')::int AS trips, sum(distance_m)::float8 AS m
       FROM trips WHERE unit_id = ANY($1::int[]) GROUP BY unit_id`, [many]);
    expect(counts.length).toBe(many.length);
    const metres = want.reduce((sum, s) => sum + s.distanceM, 0);
    expect(metres).toBeGreaterThan(55_000);
    for (const c of counts) expect(c).toMatchObject({ n: want.length, trips: 4, m: metres });
    expect(p.lag().rowsBehind).toBe(0);
  });
});
