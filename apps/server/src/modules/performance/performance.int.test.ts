import type { AvlRecord, IoValue } from '@fleet/protocols';
import { MIN_TRIP_KM, scoreOf, noCounts, type SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp, until } from '../../../test/until.ts';

// Issue 16 through the app: a van's Teltonika frames with eco-driving IO (253 green driving type,
// 254 its value in 0.01 g, 255 over speeding) and a track that speeds, over-revs and idles, through
// the driving processor into driving_events (once, replays add nothing), then the performance calls.

const KEY = '00000000C0FFEE01';
let t: TestApp;
let ops: SessionUser;
let other: SessionUser;
let van: { id: number; device_id: string; site_id: number };
let driverId: number;

/** The van's drive: 25 km at 60 km/h (a record each 5 s), 30 s at 130 km/h over-revving, then 6 min standing with the engine on. */
function drive(start: number): AvlRecord[] {
  const out: AvlRecord[] = [];
  let odo = 5_000_000;
  let lat = 53.75;
  const push = (s: number, speed: number, extra: Array<[number, number]> = [], e = 0, ign = 1) => {
    const io = new Map<number, IoValue>([[239, { size: 1, value: ign }], [240, { size: 1, value: speed > 0 ? 1 : 0 }], [16, { size: 4, value: odo }],
      [85, { size: 2, value: speed > 100 ? 4_100 : speed > 0 ? 1_900 : 800 }], [78, { size: 8, value: BigInt(`0x${KEY}`) }]]);
    for (const [k, v] of extra) io.set(k, { size: 2, value: v });
    out.push({ timestampMs: start + s * 1000, priority: 0, longitude: -1.55, latitude: lat, altitude: 60, angle: 0, satellites: 10, speedKmh: speed, eventIoId: e, io, ioVariable: new Map() });
  };
  let s = 0;
  push(s, 0);
  for (let i = 0; i < 300; i++) {
    s += 5;
    const speed = i >= 100 && i < 106 ? 130 : 60;
    odo += Math.round((speed * 5) / 3.6);
    lat += (speed * 5) / 3.6 / 111_000;
    if (i === 50) push(s, speed, [[253, 2], [254, 131]], 253);
    else if (i === 150) push(s, speed, [[253, 1], [254, 35]], 253);
    else if (i === 103) push(s, speed, [[255, 128]], 255);
    else push(s, speed);
  }
  for (let i = 0; i < 12; i++) push((s += 30), 0);
  push(s + 30, 0, [], 239, 0);
  return out;
}

async function drivingCaughtUp(): Promise<void> {
  await caughtUp(t.database.pool);
  const behind = async () => (await t.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM processor_cursors c WHERE c.name = 'driving' AND c.position_id >= (SELECT max(id) FROM positions)`)).rows[0]?.n;
  expect(await until(behind, (n) => n === 1)).toBe(1);
}

const eventsOfVan = async () => (await t.database.pool.query<{ kind: string; value: number; driver_id: number | null }>(
  'SELECT kind, value, driver_id FROM driving_events WHERE unit_id = $1 ORDER BY at, kind', [van.id])).rows;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  other = await t.login('ops@northway.example');
  const { rows: [v] } = await t.database.pool.query('SELECT id, device_id, site_id FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id LIMIT 1', [ops.siteid]);
  van = v;
  const { rows: [d] } = await t.database.pool.query<{ id: number }>(
    'UPDATE drivers SET tag = $2 WHERE id = (SELECT id FROM drivers WHERE site_id = $1 ORDER BY id LIMIT 1) RETURNING id', [van.site_id, KEY]);
  driverId = (d as { id: number }).id;
  const records = drive(Date.now() - 60 * 60_000);
  const dev = await TestDevice.connect(t.ingest.ports.teltonika);
  expect(await dev.login(van.device_id)).toBe(1);
  for (let i = 0; i < records.length; i += 25) await dev.send(records.slice(i, i + 25));
  // The device sends its last batch again (its ACK was lost).
  await dev.send(records.slice(-25));
  dev.close();
  await drivingCaughtUp();
});
afterAll(async () => {
  await t.close();
});

describe('the driving processor', () => {
  it('records each eco-driving IO event and each track span once, with the driver of the key', async () => {
    const events = await eventsOfVan();
    expect(events.map((e) => [e.kind, e.value])).toEqual([
      ['braking', 1.31], ['revving', 4100], ['speeding', 130], ['overspeed', 128], ['acceleration', 0.35], ['idling', 360],
    ]);
    expect(events.every((e) => e.driver_id === driverId)).toBe(true);
  });

  it('adds nothing when the log is read again from the start', async () => {
    const before = await eventsOfVan();
    await t.database.pool.query(`UPDATE processor_cursors SET position_id = 0 WHERE name = 'driving'`);
    await t.database.pool.query('DELETE FROM unit_driving_state WHERE unit_id = $1', [van.id]);
    // Runs until a run finds nothing left (the running loop may take some of the runs).
    await until(() => t.ingest.driving.runOnce(), (n) => n === 0, 10_000);
    await drivingCaughtUp();
    expect(await eventsOfVan()).toEqual(before);
  });
});

describe('the performance calls', () => {
  it("getscores and getrecentperformance score the trip from the trips table and its events; gethud sums this week's", async () => {
    const { rows: [trip] } = await t.database.pool.query<{ distance_m: number; driver_id: number }>(
      `SELECT distance_m, driver_id FROM trips WHERE unit_id = $1 AND kind = 'trip' ORDER BY start_time DESC LIMIT 1`, [van.id]);
    if (!trip) throw new Error('no trip cut');
    expect(trip.driver_id).toBe(driverId);
    const expected = scoreOf(trip.distance_m / 1000, { ...noCounts(), braking: 1, acceleration: 1, overspeed: 1, speeding: 1, revving: 1, idling: 1 }, MIN_TRIP_KM);
    expect(expected.score).toBeGreaterThan(40);
    expect(expected.score).toBeLessThan(70);

    const recent = (await t.call('GET', `getrecentperformance?uid=${van.id}&limit=5`, { token: ops.token })).json();
    expect(recent.ok).toBe(1);
    expect(recent.trips[0]).toMatchObject({ unitid: van.id, driverid: driverId, score: expected.score, worst: 'speeding' });
    expect(recent.trips[0].events.map((e: { kind: string }) => e.kind)).toHaveLength(6);

    for (const q of [`uid=${van.id}`, `driver=${driverId}`]) {
      const scores = (await t.call('GET', `getscores?${q}&weeks=2`, { token: ops.token })).json();
      expect(scores.weeks).toHaveLength(2);
      expect(scores.weeks.reduce((n: number, w: { trips: number }) => n + w.trips, 0)).toBe(1);
      const week = scores.weeks.find((w: { trips: number }) => w.trips === 1);
      expect(week.counts).toMatchObject({ braking: 1, acceleration: 1, overspeed: 1, speeding: 1, revving: 1, idling: 1, cornering: 0 });
      expect(week.score).toBe(expected.score);
    }

    const hud = (await t.call('GET', `gethud?uid=${van.id}`, { token: ops.token })).json();
    const weeks = (await t.call('GET', `getscores?uid=${van.id}&weeks=1`, { token: ops.token })).json().weeks;
    const { week: _w, ...thisWeek } = weeks[0];
    expect(hud.week).toEqual(thisWeek);
    expect(hud.latest.map((e: { kind: string }) => e.kind)[0]).toBe('idling');
  });

  it('the league ranks the driver on the site', async () => {
    const league = (await t.call('GET', `performanceleague?siteid=${ops.siteid}&period=4weeks`, { token: ops.token })).json();
    expect(league.ok).toBe(1);
    const row = league.drivers.find((d: { driverid: number }) => d.driverid === driverId);
    expect(row).toMatchObject({ rank: expect.any(Number), trips: 1, vehicles: [expect.any(String)] });
  });

  it("refuses another customer's vehicle, driver and site as missing, and bad input with a message", async () => {
    for (const url of [`getscores?uid=${van.id}`, `getscores?driver=${driverId}`, `gethud?uid=${van.id}`, `getrecentperformance?uid=${van.id}`,
      `performanceleague?siteid=${ops.siteid}`]) {
      expect((await t.call('GET', url, { token: other.token })).statusCode, url).toBe(404);
    }
    const both = await t.call('GET', `getscores?uid=${van.id}&driver=${driverId}`, { token: ops.token });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toMatch(/not both|uid|driver/);
    expect((await t.call('GET', `performanceleague?siteid=${ops.siteid}&period=year`, { token: ops.token })).statusCode).toBe(400);
  });
});
