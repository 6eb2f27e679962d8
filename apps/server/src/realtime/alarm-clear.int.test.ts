import type { AlertEvent, ClearedAlert, ClientToServerEvents, ServerToClientEvents, SessionUser, VehicleUpdate } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_NOW, record, TestDevice } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { caughtUp, until } from '../../test/until.ts';

// A clear in one browser reaches every open browser of the site at once: 'alerts:cleared' with the
// alert ids, and for an alarm a 'vehicles:update' carrying the recomputed vehiclealarm.
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestApp;
let base: string;
let ops: SessionUser;
let admin: SessionUser;
let northway: SessionUser;
let unit: { id: number; device_id: string };
let fence: { lat: number; lon: number };
let device: TestDevice;
let seq = 0;
const sockets: Client[] = [];

/** Everything a socket heard, to wait on and to check nothing else came. */
interface Heard { cleared: ClearedAlert[]; updates: VehicleUpdate[]; alerts: AlertEvent[] }
const heard = new Map<Client, Heard>();

async function open(user: SessionUser): Promise<Client> {
  const s: Client = connect(base, { autoConnect: false, transports: ['websocket'], auth: { token: user.token, instanceuuid: user.instanceuuid }, extraHeaders: t.socketHeaders(user.token) });
  sockets.push(s);
  const h: Heard = { cleared: [], updates: [], alerts: [] };
  heard.set(s, h);
  s.on('alerts:cleared', (list) => h.cleared.push(...list));
  s.on('vehicles:update', (list) => h.updates.push(...list));
  s.on('alerts:new', (list) => h.alerts.push(...list));
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
    s.connect();
  });
  return s;
}

/** The events processor's clock: a day earlier while the day-before reports are processed (else they would be late). */
let clock = FIXTURE_NOW;
/** A report; `dayBefore` dates it a day earlier (another day-part, for a Run Over of its own). */
const at = (lat: number, lon: number, panic = 0, ignition = 1, dayBefore = false) => {
  const r = record(++seq, { latitude: lat, longitude: lon });
  if (dayBefore) r.timestampMs -= 86_400_000;
  r.io.set(2, { size: 1, value: panic });
  r.io.set(239, { size: 1, value: ignition });
  return r;
};
/** Away from every geofence of the site. */
const AWAY = [54.5, -2.5] as const;
const of = (s: Client) => heard.get(s) as Heard;

let mine: Client;
let colleague: Client;
let theirs: Client;

beforeAll(async () => {
  t = await createTestApp({ ingest: { now: () => clock } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  ops = await t.login('ops.leeds@aire-valley.example');
  admin = await t.login('admin.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  expect(admin.siteid).toBe(ops.siteid);
  unit = (await t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0];
  fence = (await t.database.pool.query('SELECT lat, lon FROM poi WHERE site_id = $1 AND mode = 1 AND is_geofence ORDER BY id LIMIT 1', [ops.siteid])).rows[0];
  mine = await open(ops);
  colleague = await open(admin);
  theirs = await open(northway);
  device = await TestDevice.connect(t.ingest.ports.teltonika);
  expect(await device.login(unit.device_id)).toBe(1);
  expect(await device.send([at(...AWAY)])).toBe(1);
});
afterAll(async () => {
  device.close();
  for (const s of sockets) s.disconnect();
  await t.close();
});

const raised = (s: Client, kind: string) => until(() => of(s).alerts.filter((x) => x.kind === kind && x.uid === unit.id), (l) => l.length > 0);
/**
 * Each case's starting point, whatever ran before it: the unit reports away from the fences with
 * the panic button released, every processor has applied it, the unit has no open alert (so its
 * alarm flag is off) and what the browsers heard so far is forgotten.
 */
async function freshStart(): Promise<void> {
  expect(await device.send([at(...AWAY)])).toBe(1);
  await caughtUp(t.database.pool);
  await t.database.pool.query('UPDATE alerts SET cleared_at = now() WHERE unit_id = $1 AND cleared_at IS NULL', [unit.id]);
  for (const h of heard.values()) {
    h.cleared.length = 0;
    h.updates.length = 0;
    h.alerts.length = 0;
  }
}

const currentUpdated = async () =>
  ((await t.database.pool.query<{ device_time: Date }>('SELECT device_time FROM unit_state WHERE unit_id = $1', [unit.id])).rows[0]?.device_time as Date).toISOString();

describe('clearing an alarm reaches every open browser of the site', () => {
  it('clearpanicalarm: alerts:cleared with the panic, and the vehicle without its alarm', async () => {
    await freshStart();
    expect(await device.send([at(...AWAY, 1)])).toBe(1);
    const [panic] = await raised(colleague, 'panic');
    await until(() => of(colleague).updates.filter((u) => u.unitid === unit.id && u.vehiclealarm), (l) => l.length > 0);
    of(colleague).updates.length = 0;

    expect((await t.call('POST', 'clearpanicalarm', { token: admin.token, body: { aid: panic?.aid } })).json().ok).toBe(1);
    expect(await until(() => of(colleague).cleared, (l) => l.length > 0)).toEqual([{ aid: panic?.aid, kind: 'panic', uid: unit.id }]);
    const [update] = await until(() => of(colleague).updates.filter((u) => u.unitid === unit.id), (l) => l.length > 0);
    expect(update?.vehiclealarm).toBe(false);
  });

  it('clearvehiclealarm: the other browser hears alerts:cleared and the vehicle without its alarm', async () => {
    await freshStart();
    expect(await device.send([at(fence.lat, fence.lon)])).toBe(1);
    const [alert] = await raised(colleague, 'geofence');
    const flagged = await until(() => of(colleague).updates.filter((u) => u.unitid === unit.id && u.vehiclealarm), (l) => l.length > 0);
    expect(flagged.length).toBeGreaterThan(0);
    // The events processor can raise before the state processor has applied the same report: the
    // clear's snapshot is compared with the current state below, so every processor has it first.
    await caughtUp(t.database.pool);
    of(colleague).updates.length = 0;

    expect((await t.call('POST', 'clearvehiclealarm', { token: ops.token, body: { uid: unit.id } })).json().ok).toBe(1);
    const cleared = await until(() => of(colleague).cleared, (l) => l.length > 0);
    expect(cleared).toEqual([{ aid: alert?.aid, kind: 'geofence', uid: unit.id }]);
    const [update] = await until(() => of(colleague).updates.filter((u) => u.unitid === unit.id), (l) => l.length > 0);
    expect(update?.vehiclealarm).toBe(false);
    // The vehicle's current report time: a browser ignores only an update older than what it holds.
    expect(update?.updated).toBe(await currentUpdated());
    // The browser that cleared hears it too (its other tabs have the same banner).
    expect(await until(() => of(mine).cleared, (l) => l.length > 0)).toEqual(cleared);
  });

  it('clearalert: a Run Over acknowledged is dropped everywhere; no vehicle update, it is not an alarm', async () => {
    await freshStart();
    // Ignition off ends the ignition cycle; on again, on a Saturday morning outside the site's working
    // hours, it is a Run Over. The day before the other reports' Sunday: a day-part of its own, as
    // the other cases raise Run Overs on the Sunday (at most one per vehicle per day-part).
    clock = FIXTURE_NOW - 86_400_000;
    expect(await device.send([at(...AWAY, 0, 0, true), at(...AWAY, 0, 1, true)])).toBe(2);
    const [raisedRunover] = await raised(colleague, 'runover');
    clock = FIXTURE_NOW;
    const runover = (await t.call('GET', 'alertlist?list=runover&open=1', { token: ops.token })).json().alerts.find((a: { uid: number }) => a.uid === unit.id);
    expect(runover?.aid).toBe(raisedRunover?.aid);
    // Live positions of these reports go out gathered (a fraction of a second): let them pass first.
    // A fixed wait: the case then proves that no update comes, and no event marks the end of the earlier ones.
    await new Promise((r) => setTimeout(r, 500));
    of(colleague).cleared.length = 0;
    of(colleague).updates.length = 0;
    expect((await t.call('POST', 'clearalert', { token: ops.token, body: { aid: runover.aid } })).json().ok).toBe(1);
    expect(await until(() => of(colleague).cleared, (l) => l.length > 0)).toEqual([{ aid: runover.aid, kind: 'runover', uid: unit.id }]);
    // Proves a negative (nothing more arrives): no event to wait for, so a fixed wait.
    await new Promise((r) => setTimeout(r, 200));
    expect(of(colleague).updates.filter((u) => u.unitid === unit.id)).toEqual([]);
  });

  it('says nothing when the alert was cleared already', async () => {
    await freshStart();
    expect(await device.send([at(...AWAY, 1)])).toBe(1);
    const [panic] = await raised(colleague, 'panic');
    expect((await t.call('POST', 'clearpanicalarm', { token: admin.token, body: { aid: panic?.aid } })).json().ok).toBe(1);
    await until(() => of(colleague).cleared, (l) => l.length > 0);
    of(colleague).cleared.length = 0;

    expect((await t.call('POST', 'clearpanicalarm', { token: ops.token, body: { aid: panic?.aid } })).json().ok).toBe(1);
    expect((await t.call('POST', 'clearvehiclealarm', { token: ops.token, body: { uid: unit.id } })).json().ok).toBe(1);
    // Proves a negative (nothing more arrives): no event to wait for, so a fixed wait.
    await new Promise((r) => setTimeout(r, 200));
    expect(of(colleague).cleared).toEqual([]);
  });

  it("tells another tenant's browsers nothing, and another tenant's clear is a missing alert", async () => {
    await freshStart();
    expect(await device.send([at(...AWAY, 1)])).toBe(1);
    const [panic] = await raised(colleague, 'panic');
    expect((await t.call('POST', 'clearpanicalarm', { token: northway.token, body: { aid: panic?.aid } })).statusCode).toBe(404);
    expect((await t.call('POST', 'clearalert', { token: northway.token, body: { aid: panic?.aid } })).statusCode).toBe(404);
    expect((await t.call('POST', 'clearvehiclealarm', { token: northway.token, body: { uid: unit.id } })).statusCode).toBe(404);
    // Proves a negative (nothing more arrives): no event to wait for, so a fixed wait.
    await new Promise((r) => setTimeout(r, 200));
    expect(of(colleague).cleared).toEqual([]);

    // The site's own clear reaches its browsers, and still none of the other tenant's.
    expect((await t.call('POST', 'clearpanicalarm', { token: ops.token, body: { aid: panic?.aid } })).json().ok).toBe(1);
    await until(() => of(colleague).cleared, (l) => l.length > 0);
    await until(() => of(colleague).updates.filter((u) => u.unitid === unit.id && !u.vehiclealarm), (l) => l.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(of(theirs).cleared).toEqual([]);
    expect(of(theirs).alerts.filter((a) => a.uid === unit.id)).toEqual([]);
    expect(of(theirs).updates.filter((u) => u.unitid === unit.id)).toEqual([]);
  });
});
