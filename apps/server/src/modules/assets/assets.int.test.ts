import { type Asset, type SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, RECORD_TIME, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp, until } from '../../../test/until.ts';

// The assets calls (issue 16) and the Asset Movement rule through the real ingest path: a movement
// start outside the asset's allowed hours or place raises the alert, inside both it raises nothing.
// The device fixtures report Sunday 22 November 2026 from 08:00 UTC (RECORD_TIME): outside the demo
// sites' Mon–Fri 06:00–18:00 working hours.
let t: TestApp;
let ops: SessionUser;
let admin: SessionUser;
let northway: SessionUser;
let yardId = 0;
let otherSitePlace = 0;
let van = 0;
let seq = 0;
let added = 0;
const devices: TestDevice[] = [];

const q = async <T>(sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows as T[];
const list = async (token = ops.token, siteid = ops.siteid) => t.call('GET', `assets?siteid=${siteid}`, { token });
const assetOf = async (unitId: number): Promise<Asset | undefined> => (list().then((r) => (r.json().assets as Asset[]).find((a) => a.unitid === unitId)));
const save = (body: unknown, token = ops.token) => t.call('POST', 'saveassetrules', { token, body });
/** A report near RECORD_TIME with the movement input (IO 240) at `moving`, at the fixture track's spot (inside Yard North). */
const report = (moving: 0 | 1, at?: { latitude: number; longitude: number }) => {
  const r = record(++seq, at ?? {});
  r.io.set(240, { size: 1, value: moving });
  r.io.set(67, { size: 2, value: 3550 });
  return r;
};

/** A new asset tracker of the Leeds site, connected, after one report standing still. */
async function newAsset(): Promise<{ id: number; device: TestDevice }> {
  const uid = `35620907${8_000_000 + ++added}`;
  const res = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: ops.siteid, uid, unittype: 6 } });
  expect(res.json().ok).toBe(1);
  const device = await TestDevice.connect(t.ingest.ports.teltonika);
  devices.push(device);
  expect(await device.login(uid)).toBe(1);
  expect(await device.send([report(0)])).toBe(1);
  return { id: res.json().unitid as number, device };
}

const movementAlerts = (unitId: number) =>
  q<{ detail: string }>("SELECT detail FROM alerts WHERE unit_id = $1 AND kind = 'geofence' AND event = 'movement' ORDER BY id", [unitId]);

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  admin = await t.login('admin.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  // Yard North: a 20 km circle around the fixture track (53.79, -1.55); a plain place, not a geofence.
  const yard = await t.call('POST', 'savepoi', { token: ops.token, body: { name: 'Yard North', mode: 1, gp: '53.79,-1.55', radius: 20_000 } });
  yardId = yard.json().id as number;
  van = (await q<{ id: number }>('SELECT id FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id LIMIT 1', [ops.siteid]))[0]?.id ?? 0;
  otherSitePlace = (await q<{ id: number }>('SELECT id FROM poi WHERE site_id <> $1 ORDER BY id LIMIT 1', [ops.siteid]))[0]?.id ?? 0;
});
afterAll(async () => {
  for (const d of devices) d.close();
  await t.close();
});

describe('assets?siteid', () => {
  it("lists the site's asset trackers only, with their site's hours and the places an asset may be kept to", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const types = await q<{ id: number }>('SELECT id FROM units WHERE site_id = $1 AND unit_type_id = 6 AND removed_at IS NULL', [ops.siteid]);
    expect((body.assets as Asset[]).map((a) => a.unitid).sort()).toEqual(types.map((u) => u.id).sort());
    expect(body.assets.length).toBeGreaterThan(0);
    expect(body.sitehours).toEqual({ days: [1, 2, 3, 4, 5], start: '06:00', end: '18:00' });
    expect(body.timezone).toBe('Europe/London');
    // With its shape, as the POI answers carry it: the page draws the allowed place's area.
    expect(body.places).toContainEqual({ id: yardId, name: 'Yard North', mode: 1, gp: '53.79,-1.55', radius: 20_000, geo: null, showonmap: true, geofence: false });
  });

  it("answers an asset's last ping, battery, movement, code and place once it reports", async () => {
    const asset = await newAsset();
    expect(await asset.device.send([report(1)])).toBe(1);
    await caughtUp(t.database.pool);
    const a = await until(() => assetOf(asset.id), (x) => x?.loccode === 'assetMovement');
    expect(a).toMatchObject({
      updated: new Date(record(seq).timestampMs).toISOString(), batteryvolts: 3.55, batterypercent: null, batterylow: true,
      moving: true, loccode: 'assetMovement', loc: expect.stringMatching(/^At /), hours: null, poiid: null, guarded: false,
    });
    // Sunday: outside the site's hours, so this start raised the alert, and the answer carries it.
    expect(a?.alert?.detail).toBe('outside allowed hours Mon–Fri 06:00–18:00');
  });

  it("is refused for another customer's site (404) and needs a session", async () => {
    expect((await list(northway.token, ops.siteid)).statusCode).toBe(404);
    expect((await t.call('GET', `assets?siteid=${ops.siteid}`)).statusCode).toBe(401);
  });
});

describe('saveassetrules', () => {
  it('sets and clears allowed hours and place, audited; the list shows the asset guarded', async () => {
    const asset = await newAsset();
    const hours = { days: [5, 1, 2], start: '07:00', end: '19:00' };
    expect((await save({ uid: asset.id, hours, poiid: yardId })).json()).toEqual({ ok: 1 });
    expect(await assetOf(asset.id)).toMatchObject({ hours: { days: [1, 2, 5], start: '07:00', end: '19:00' }, poiid: yardId, poiname: 'Yard North', guarded: true });
    const [line] = await q<{ actor_name: string; before: unknown; after: unknown }>(
      "SELECT actor_name, before, after FROM audit_log WHERE action = 'asset.rules' AND target_id = $1", [String(asset.id)]);
    expect(line).toMatchObject({ before: { hours: null, poiid: null }, after: { hours: { days: [1, 2, 5] }, poiid: yardId } });
    expect((await save({ uid: asset.id, hours: null, poiid: null })).json().ok).toBe(1);
    expect(await assetOf(asset.id)).toMatchObject({ hours: null, poiid: null, guarded: false });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const asset = await newAsset();
    const cases: Array<[unknown, RegExp]> = [
      [{ uid: van, hours: null, poiid: null }, /is not an asset tracker/],
      [{ uid: asset.id, hours: null, poiid: otherSitePlace }, /not one of this site's places/],
      [{ uid: asset.id, hours: { days: [1], start: '25:00', end: '18:00' }, poiid: null }, /start is HH:mm/],
      [{ uid: asset.id, hours: { days: [1, 1], start: '06:00', end: '18:00' }, poiid: null }, /each day only once/],
      [{ uid: asset.id, hours: { days: [8], start: '06:00', end: '18:00' }, poiid: null }, /at most 7/],
      [{ uid: asset.id, poiid: null }, /hours/],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await assetOf(asset.id)).toMatchObject({ hours: null, poiid: null });
    const [flat] = await q<{ id: number }>("INSERT INTO poi (site_id, name, mode, lat, lon, radius) VALUES ($1, 'Flat', 1, 53.8, -1.5, 0) RETURNING id", [ops.siteid]);
    expect((await save({ uid: asset.id, hours: null, poiid: flat?.id })).json().message).toMatch(/Flat has no area/);
  });

  it("refuses another customer's asset (404), and viewers (403)", async () => {
    const asset = await newAsset();
    expect((await save({ uid: asset.id, hours: null, poiid: yardId }, northway.token)).statusCode).toBe(404);
    const [viewer] = await q<{ id: number }>(`INSERT INTO users (email, name, password_hash, usertype, customer_id, default_site_id)
      SELECT 'viewer.assets@aire-valley.example', 'Val Viewer', password_hash, 4, customer_id, default_site_id FROM users WHERE email = 'ops.leeds@aire-valley.example' RETURNING id`);
    await q('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [viewer?.id, ops.siteid]);
    const val = await t.login('viewer.assets@aire-valley.example');
    expect((await list(val.token)).statusCode).toBe(200);
    expect((await save({ uid: asset.id, hours: null, poiid: yardId }, val.token)).statusCode).toBe(403);
    expect(await assetOf(asset.id)).toMatchObject({ poiid: null });
  });
});

describe('Asset Movement through the ingest path', () => {
  // RECORD_TIME is Sunday 08:00 UTC, 08:00 in London: inside a Sunday 07:00–09:00 window.
  const sundayMorning = { days: [7], start: '07:00', end: '09:00' };

  it('starts from a Sunday morning (the fixtures)', () => {
    expect(new Date(RECORD_TIME).getUTCDay()).toBe(0);
  });

  it('records a movement inside its allowed hours and place without raising anything', async () => {
    const asset = await newAsset();
    expect((await save({ uid: asset.id, hours: sundayMorning, poiid: yardId })).json().ok).toBe(1);
    expect(await asset.device.send([report(1)])).toBe(1);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(asset.id)).toEqual([]);
    expect(await assetOf(asset.id)).toMatchObject({ loccode: 'assetMovement', moving: true, alert: null });
  });

  it('raises it, naming the place, when the asset starts to move outside its allowed place in its hours', async () => {
    const asset = await newAsset();
    expect((await save({ uid: asset.id, hours: sundayMorning, poiid: yardId })).json().ok).toBe(1);
    expect(await asset.device.send([report(1, { latitude: 54.5, longitude: -2.5 })])).toBe(1);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(asset.id)).toEqual([{ detail: 'outside Yard North' }]);
  });

  it('raises it, naming the hours, when the asset starts to move outside its own hours inside its place', async () => {
    const asset = await newAsset();
    expect((await save({ uid: asset.id, hours: { days: [1, 2, 3, 4, 5, 6, 7], start: '12:00', end: '13:00' }, poiid: yardId })).json().ok).toBe(1);
    expect(await asset.device.send([report(1)])).toBe(1);
    await caughtUp(t.database.pool);
    expect(await movementAlerts(asset.id)).toEqual([{ detail: 'outside allowed hours 12:00–13:00' }]);
  });
});
