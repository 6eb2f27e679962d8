import { encodeGt06Alarm, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login, type Gt06Gps } from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gt06TestDevice } from '../../test/gt06-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { caughtUp, until } from '../../test/until.ts';
import type { StateChange } from './ingest-events.ts';

// A GT06's heartbeats (and other reports without a fix) carry its status: ignition, charging, GSM
// signal, battery. Stored at 0,0 flagged no-fix, they never move the vehicle, but their status is
// merged into the unit's state when newer than it, so the vehicle details show it.
let t: TestApp;
let admin: SessionUser;
let unit: { id: number; imei: string };
const changes: StateChange[] = [];
const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const cell = { mcc: 234, mnc: 15, lac: 1234, cid: '56789' };
const status = { cutOff: false, gpsFixed: false, alarmBits: 0, charging: true, acc: false, defence: false };
const gps = (timeMs: number, extra: Partial<Gt06Gps> = {}): Gt06Gps => ({
  timeMs, satellites: 9, latitude: 53.7935, longitude: -1.5485, speedKmh: 40, course: 90, positioned: true, differential: false, ...extra,
});
const info = async () => (await t.call('GET', `lastunitinfo?uid=${unit.id}`, { token: admin.token })).json().unit;
const stateRow = async () => (await t.database.pool.query(
  `SELECT position_id::text, (extract(epoch FROM device_time) * 1000)::float8 AS t, lat, lon, speed, ignition, gsm_signal, io
   FROM unit_state WHERE unit_id = $1`, [unit.id])).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  const imei = '358899051234567';
  const added = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: admin.siteid, uid: imei, unittype: 1, registration: 'GT06 NOFIX' } });
  unit = { id: added.json().unitid, imei };
  t.ingest.stateEvents.on('changes', (list) => changes.push(...list.filter((c) => c.unitId === unit.id)));
});
afterAll(async () => { await t.close(); });

async function loggedIn(): Promise<Gt06TestDevice> {
  const d = await Gt06TestDevice.connect(t.ingest.ports.gt06);
  d.write(encodeGt06Login(unit.imei, 1));
  expect(await d.next()).toEqual({ type: 'reply', protocol: 1, serial: 1 });
  return d;
}

describe('unit state: the status of reports without a fix', () => {
  it('a heartbeat before any position changes nothing: a unit without a position has no state', async () => {
    const d = await loggedIn();
    d.write(encodeGt06Heartbeat({ status, voltageLevel: 4, gsm: 3 }, 2));
    expect(await d.next()).toMatchObject({ protocol: 0x13, serial: 2 });
    await caughtUp(t.database.pool, 15_000);
    expect(await stateRow()).toBeUndefined();
    d.close();
  });

  it('a newer heartbeat merges its status (ACC off, charging, GSM, battery); the position stays', async () => {
    const d = await loggedIn();
    d.write(encodeGt06Location(0x22, { gps: gps(base), cell, acc: true }, 10));
    // A heartbeat takes the server's time: newer than the position. Its answer follows the commit of both.
    d.write(encodeGt06Heartbeat({ status, voltageLevel: 4, gsm: 3 }, 11));
    expect(await d.next()).toMatchObject({ protocol: 0x13, serial: 11 });
    await caughtUp(t.database.pool, 15_000);
    const [located] = (await t.database.pool.query(`SELECT id::text FROM positions WHERE unit_id = $1 AND event_io = $2`, [unit.id, 0x22])).rows;
    const s = await stateRow();
    expect(s).toMatchObject({ position_id: located.id, t: base, speed: 40, ignition: false, gsm_signal: 4 });
    expect(s.lat).toBeCloseTo(53.7935, 5);
    expect(s.lon).toBeCloseTo(-1.5485, 5);
    // fix: 0 (and a cell) stay with the report without a fix: the state's position has a fix.
    expect(s.io).toMatchObject({ ignition: 0, charge: 1, batteryLevel: 67, rssi: 4, gt06Gsm: 3 });
    expect(s.io).not.toHaveProperty('fix');
    expect(s.io).not.toHaveProperty('cell');
    expect(s.io).not.toHaveProperty('gt06GpsFixed');
    const u = await info();
    // The protocol of the state's position (lastunitinfo `protocol`): a GT06 counts its satellites.
    expect(u).toMatchObject({ gsm: 4, ign: 0, updated: new Date(base).toISOString(), protocol: 'gt06' });
    expect(u.lat).toBeCloseTo(53.7935, 5);
    // Ignition went off with no new position: the live map is told (the feed reads the state again).
    const announced = await until(() => changes.at(-1), (c) => c?.announced === false);
    expect(announced).toEqual({ unitId: unit.id, siteId: admin.siteid, announced: false });
    d.close();
  });

  it('an older report without a fix (an unpositioned alarm from before the position) changes nothing', async () => {
    const before = await stateRow();
    const d = await loggedIn();
    d.write(encodeGt06Alarm(0x16, {
      gps: gps(base - 60_000, { positioned: false }), cell, status: { ...status, acc: true }, voltageLevel: 1, gsm: 1, alarmCode: 0x0c,
    }, 20));
    expect(await d.next()).toMatchObject({ protocol: 0x16, serial: 20 });
    const [stored] = (await t.database.pool.query(`SELECT implausible FROM positions WHERE unit_id = $1 AND event_io = $2`, [unit.id, 0x16])).rows;
    expect(stored).toEqual({ implausible: 'no-fix' });
    await caughtUp(t.database.pool, 15_000);
    expect(await stateRow()).toEqual(before);
  });

  it("an administrator's reset rebuilds the state with the newest heartbeat's status over the newest position", async () => {
    const res = await t.call('POST', 'resetunitstate', { token: admin.token, body: { uid: unit.id } });
    expect(res.statusCode).toBe(200);
    const s = await stateRow();
    expect(s).toMatchObject({ t: base, ignition: false, gsm_signal: 4, io: { ignition: 0, charge: 1, batteryLevel: 67 } });
    expect(s.lat).toBeCloseTo(53.7935, 5);
  });
});

// The state's status keeps the device time of the report it came from (status_time), so reports
// processed out of device-time order (a device's buffer emptied after a live heartbeat) never put
// older status over newer.
describe('unit state: status from reports processed out of order', () => {
  const heartbeatTime = async () => (await t.database.pool.query(
    `SELECT (extract(epoch FROM max(device_time)) * 1000)::float8 AS t FROM positions WHERE unit_id = $1 AND event_io = $2`, [unit.id, 0x13])).rows[0].t;
  const statusTime = async () => (await t.database.pool.query(
    `SELECT (extract(epoch FROM status_time) * 1000)::float8 AS t FROM unit_state WHERE unit_id = $1`, [unit.id])).rows[0].t;
  // A GT06 location has no answer: the test waits for the row instead.
  const storedAt = async (timeMs: number) => {
    const read = async () => (await t.database.pool.query<{ id: string }>(
      `SELECT id::text FROM positions WHERE unit_id = $1 AND device_time = to_timestamp($2 / 1000.0)`, [unit.id, timeMs])).rows[0];
    const row = await until(read, (r) => r !== undefined, 15_000);
    expect(row).toBeDefined();
    return row as { id: string };
  };

  it('a report without a fix newer than the position but older than a merged heartbeat changes nothing', async () => {
    const d = await loggedIn();
    d.write(encodeGt06Heartbeat({ status, voltageLevel: 4, gsm: 2 }, 30));
    expect(await d.next()).toMatchObject({ protocol: 0x13, serial: 30 });
    await caughtUp(t.database.pool, 15_000);
    const before = await stateRow();
    expect(before).toMatchObject({ t: base, ignition: false, gsm_signal: 3 });
    // From the device's buffer: unpositioned, ACC on, GSM full, a minute after the position.
    d.write(encodeGt06Alarm(0x16, {
      gps: gps(base + 60_000, { positioned: false }), cell, status: { ...status, acc: true }, voltageLevel: 6, gsm: 4, alarmCode: 0x0c,
    }, 31));
    expect(await d.next()).toMatchObject({ protocol: 0x16, serial: 31 });
    await caughtUp(t.database.pool, 15_000);
    expect(await stateRow()).toEqual(before);
    expect(await statusTime()).toBe(await heartbeatTime());
    d.close();
  });

  it('a buffered position older than a merged heartbeat moves the vehicle and keeps the heartbeat\'s status', async () => {
    const heartbeat = await heartbeatTime();
    changes.length = 0;
    const d = await loggedIn();
    d.write(encodeGt06Location(0x22, { gps: gps(base + 120_000, { latitude: 53.8, speedKmh: 50 }), cell, acc: true }, 40));
    const buffered = await storedAt(base + 120_000);
    await caughtUp(t.database.pool, 15_000);
    const s = await stateRow();
    expect(s).toMatchObject({ position_id: buffered.id, t: base + 120_000, speed: 50, ignition: false, gsm_signal: 3, io: { ignition: 0, rssi: 3 } });
    expect(s.lat).toBeCloseTo(53.8, 5);
    expect(await statusTime()).toBe(heartbeat);
    // It went out live with its own ACC on: the live map is told to read the state again.
    const announced = await until(() => changes.at(-1), (c) => c?.announced === false);
    expect(announced).toEqual({ unitId: unit.id, siteId: admin.siteid, announced: false });
    // The same from a reset: the newest position, then the status of the newest report without a fix after it.
    expect((await t.call('POST', 'resetunitstate', { token: admin.token, body: { uid: unit.id } })).statusCode).toBe(200);
    expect(await stateRow()).toMatchObject({ position_id: buffered.id, t: base + 120_000, ignition: false, gsm_signal: 3 });
    expect(await statusTime()).toBe(heartbeat);
    d.close();
  });

  it('a position newer than the merged heartbeat takes over the status', async () => {
    const at = Math.ceil((await heartbeatTime()) / 1000) * 1000 + 1000;
    const d = await loggedIn();
    d.write(encodeGt06Location(0x22, { gps: gps(at), cell, acc: true }, 50));
    await storedAt(at);
    await caughtUp(t.database.pool, 15_000);
    expect(await stateRow()).toMatchObject({ t: at, ignition: true, io: { ignition: 1 } });
    expect(await statusTime()).toBe(at);
    d.close();
  });
});
