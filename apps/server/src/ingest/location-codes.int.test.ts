import { parseLocation, type SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { alertsRepository } from '../modules/alerts/index.ts';
import { fleetRepository, vehicleReadModel } from '../modules/fleet/index.ts';
import { poiRepository } from '../modules/poi/index.ts';
import { siteRepository } from '../modules/site/index.ts';
import { caughtUp, until } from '../../test/until.ts';

// Asset trackers (unit type 6) report movement starts, stops and periodic pings; the vehicles
// answer's loc carries the matching location code, and a movement start raises the alarm flag.
// Issue 16: a start raises it only outside the asset's allowed hours or place; these assets have no
// rules of their own and the fixtures report on a Sunday (RECORD_TIME), outside the site's Mon–Fri
// working hours, so each start here raises (inside vs outside: modules/assets/assets.int.test.ts).
let t: TestApp;
let ops: SessionUser;
let admin: SessionUser;
let assets = 0;
let van: { id: number; device_id: string };
let seq = 0;

interface Vehicle { unitid: number; loc: string; vehiclealarm: boolean; updated: string | null }

/** The live updates as the realtime gateway builds them (the fleet module's vehicle read model). */
const liveUpdates = (app: TestApp) => {
  const { db, pool } = app.database;
  const site = siteRepository(pool);
  return vehicleReadModel({ repo: fleetRepository(db, pool), poi: poiRepository(pool), alerts: alertsRepository(pool), systemOfSite: (id) => site.unitSystem(id) });
};

/** A record far from every POI with the movement input (IO 240) at `moving`. */
const report = (moving: 0 | 1) => {
  const r = record(++seq, { latitude: 54.5 + seq * 1e-4, longitude: -2.5 });
  r.io.set(240, { size: 1, value: moving });
  return r;
};

const vehicle = async (unitId: number): Promise<Vehicle> =>
  ((await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles as Vehicle[]).find((v) => v.unitid === unitId) as Vehicle;
/** The vehicle once it shows the position of record `i`. */
const vehicleAt = (unitId: number, i: number) => until(() => vehicle(unitId), (v) => v.updated === new Date(record(i).timestampMs).toISOString());
const movementAlerts = async (unitId: number) =>
  ((await t.call('GET', 'alertlist?list=zone', { token: ops.token })).json().alerts as Array<{ uid: number; event: string; cleared: string | null }>)
    .filter((a) => a.uid === unitId && a.event === 'movement');

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  admin = await t.login('admin.leeds@aire-valley.example');
  const pick = (type: number) => t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = $2 ORDER BY id LIMIT 1', [ops.siteid, type]).then((r) => r.rows[0]);
  van = await pick(1);
});
afterAll(async () => {
  await t.close();
});

describe('location codes of an asset tracker', () => {
  const devices: TestDevice[] = [];
  afterAll(() => { for (const d of devices) d.close(); });

  /**
   * A newly registered asset tracker, connected, that has sent `history` (one report a packet) and
   * whose reports the processors have applied: each case starts from the state it asserts on.
   */
  async function assetAfter(history: Array<0 | 1>): Promise<{ id: number; device: TestDevice }> {
    const uid = `35620908${9_000_000 + ++assets}`; // 15 digits, no demo device has it
    const added = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: ops.siteid, uid, unittype: 6 } });
    expect(added.json().ok).toBe(1);
    const device = await TestDevice.connect(t.ingest.ports.teltonika);
    devices.push(device);
    expect(await device.login(uid)).toBe(1);
    for (const moving of history) expect(await device.send([report(moving)])).toBe(1);
    await caughtUp(t.database.pool);
    return { id: added.json().unitid as number, device };
  }

  it('marks its first report a ping, without raising anything', async () => {
    const asset = await assetAfter([]);
    expect(await asset.device.send([report(0)])).toBe(1);
    const v = await vehicleAt(asset.id, seq);
    const { code, text } = parseLocation(v.loc);
    expect(code).toBe('assetPing');
    expect(text).toMatch(/mi from [A-Z]/);
    expect(v.vehiclealarm).toBe(false);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(asset.id)).toEqual([]);
  });

  it('marks a movement start Asset Movement and raises the alarm flag as an open Zone alert', async () => {
    const asset = await assetAfter([0]);
    expect(await asset.device.send([report(1)])).toBe(1);
    const v = await vehicleAt(asset.id, seq);
    expect(parseLocation(v.loc).code).toBe('assetMovement');
    const flagged = await until(() => vehicle(asset.id), (x) => x.vehiclealarm);
    expect(flagged.vehiclealarm).toBe(true);
    const alerts = await until(() => movementAlerts(asset.id), (a) => a.length > 0);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.cleared).toBeNull();
    const dash = (await t.call('GET', 'dashalerts', { token: ops.token })).json();
    expect(dash.geofence.find((g: { unitid: number }) => g.unitid === asset.id)).toMatchObject({ event: 'movement', vehiclealarm: true, poi: '' });
  });

  it('marks a report while still moving a ping, and keeps the alarm until it is cleared', async () => {
    const asset = await assetAfter([0, 1]);
    expect(await asset.device.send([report(1)])).toBe(1);
    const v = await vehicleAt(asset.id, seq);
    expect(parseLocation(v.loc).code).toBe('assetPing');
    expect(v.vehiclealarm).toBe(true);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(asset.id)).toHaveLength(1);
  });

  it('marks a stop Movement Ended', async () => {
    const asset = await assetAfter([0, 1]);
    expect(await asset.device.send([report(0)])).toBe(1);
    expect(parseLocation((await vehicleAt(asset.id, seq)).loc).code).toBe('movementEnded');
  });

  it("sends the loc with its code in the live update, as the vehicles answer has it", async () => {
    const asset = await assetAfter([0, 1, 0]);
    const live = (await liveUpdates(t).updatesForChanges([{ unitId: asset.id, siteId: ops.siteid as number }])).get(ops.siteid as number);
    expect(live?.[0]?.loc).toBe((await vehicle(asset.id)).loc);
    expect(parseLocation(live?.[0]?.loc).code).toBe('movementEnded');
  });

  it('clears the alarm with clearvehiclealarm, as a geofence alert', async () => {
    const asset = await assetAfter([0, 1]);
    expect((await vehicle(asset.id)).vehiclealarm).toBe(true);
    expect((await t.call('POST', 'clearvehiclealarm', { token: ops.token, body: { uid: asset.id } })).json().ok).toBe(1);
    expect((await vehicle(asset.id)).vehiclealarm).toBe(false);
    expect((await movementAlerts(asset.id))[0]?.cleared).not.toBeNull();
  });

  it('judges each report of one packet against the one before it, not the last stored state', async () => {
    // stopped -> start -> stop in one packet: one movement alert; the latest report is a stop.
    const asset = await assetAfter([0]);
    expect(await asset.device.send([report(1), report(0)])).toBe(2);
    const v = await vehicleAt(asset.id, seq);
    expect(parseLocation(v.loc).code).toBe('movementEnded');
    await caughtUp(t.database.pool);
    const alerts = await movementAlerts(asset.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.cleared).toBeNull();
    expect((await vehicle(asset.id)).vehiclealarm).toBe(true);
  });

  it('does not raise a movement alert again when the device re-sends a packet', async () => {
    const asset = await assetAfter([0]);
    const again = [report(0), report(1)];
    expect(await asset.device.send(again)).toBe(2);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(asset.id)).toHaveLength(1);
    expect(await asset.device.send(again)).toBe(2);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(asset.id)).toHaveLength(1);
  });
});

describe('vehicles that are not asset trackers', () => {
  it('carry no location code and raise no movement alert when they start moving', async () => {
    const device = await TestDevice.connect(t.ingest.ports.teltonika);
    expect(await device.login(van.device_id)).toBe(1);
    expect(await device.send([report(0)])).toBe(1);
    expect(await device.send([report(1)])).toBe(1);
    const v = await vehicleAt(van.id, seq);
    expect(parseLocation(v.loc)).toEqual({ code: null, text: v.loc });
    expect(v.loc).toMatch(/mi from [A-Z]/);
    // Its live updates carry the same location text as the vehicles answer, without a code.
    const live = (await liveUpdates(t).updatesForChanges([{ unitId: van.id, siteId: ops.siteid as number }])).get(ops.siteid as number);
    expect(live?.[0]).toBeDefined();
    expect(live?.[0]?.loc).toBe(v.loc);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(van.id)).toEqual([]);
    device.close();
  });
});
