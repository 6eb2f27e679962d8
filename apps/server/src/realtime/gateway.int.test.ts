import type { AlertEvent, ClientToServerEvents, DebugFrameEvent, ServerToClientEvents, SessionUser, VehicleUpdate } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestApp;
let base: string;
let leeds: SessionUser;
let northway: SessionUser;
let unit: { id: number; device_id: string };
const sockets: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  leeds = await t.login('ops.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  unit = (await t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id <> 20 ORDER BY id LIMIT 1', [leeds.siteid])).rows[0];
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function open(user: SessionUser | null, query: Record<string, string> = {}, before?: (s: Client) => void): Promise<Client> {
  const s: Client = connect(base, { autoConnect: false, transports: ['websocket'], query, auth: user ? { token: user.token, instanceuuid: user.instanceuuid } : {}, extraHeaders: user ? t.socketHeaders(user.token) : {} });
  sockets.push(s);
  before?.(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
    s.connect();
  });
}

const subscribe = (s: Client, uid: number) =>
  new Promise<Parameters<Parameters<ClientToServerEvents['debug:subscribe']>[1]>[0]>((resolve) => s.emit('debug:subscribe', uid, resolve));

describe('realtime gateway', () => {
  it('refuses a socket without a valid session', async () => {
    await expect(open(null)).rejects.toThrow(/tokenerror/);
    await expect(open({ ...leeds, token: 'forged' })).rejects.toThrow(/tokenerror/);
  });

  it('streams a unit’s frames to its own site’s users only', async () => {
    const mine = await open(leeds);
    const theirs = await open(northway);
    expect((await subscribe(mine, unit.id)).ok).toBe(1);
    expect(await subscribe(theirs, unit.id)).toEqual({ ok: 0, message: 'No such unit.' });
    const seenByOther: DebugFrameEvent[] = [];
    theirs.on('debug:frame', (f) => seenByOther.push(f));
    const got = new Promise<DebugFrameEvent>((resolve) => mine.on('debug:frame', (f) => { if (f.kind.startsWith('avl')) resolve(f); }));
    const device = await TestDevice.connect(t.ingest.ports.teltonika);
    await device.login(unit.device_id);
    await device.send([record(1)]);
    const frame = await got;
    expect(frame.uid).toBe(unit.id);
    expect(frame.hex.startsWith('00000000')).toBe(true);
    // Proves a negative (nothing more arrives): no event to wait for, so a fixed wait.
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByOther).toEqual([]);
    device.close();
  });

  it('sends recent frames to a debugger that connects with query uid', async () => {
    let resolveFirst: (f: DebugFrameEvent) => void = () => {};
    const firstFrame = new Promise<DebugFrameEvent>((resolve) => { resolveFirst = resolve; });
    await open(leeds, { uid: String(unit.id) }, (s) => s.once('debug:frame', resolveFirst));
    const first = await firstFrame;
    expect(first.uid).toBe(unit.id);
  });

  // How fast is measured by the benchmarks, not here: this checks that the update arrives, live.
  it('pushes vehicle updates to the site room', async () => {
    const mine = await open(leeds);
    const other = await open(northway);
    const leaked: VehicleUpdate[] = [];
    other.on('vehicles:update', (u) => leaked.push(...u));
    const update = new Promise<VehicleUpdate>((resolve) => mine.on('vehicles:update', (list) => {
      const u = list.find((x) => x.unitid === unit.id);
      if (u && u.updated === new Date(Date.UTC(2026, 10, 22, 8, 0, 0) + 50_000).toISOString()) resolve(u);
    }));
    const device = await TestDevice.connect(t.ingest.ports.teltonika);
    await device.login(unit.device_id);
    await device.send([record(50)]);
    const u = await update;
    expect(u.lat).toBeCloseTo(53.7935 + 50e-4, 6);
    expect(leaked.filter((x) => x.unitid === unit.id)).toEqual([]);
    device.close();
  });

  it('carries location text in every live update, and a place saved meanwhile is used at once', async () => {
    const mine = await open(leeds);
    const at = (i: number) => new Date(Date.UTC(2026, 10, 22, 8, 0, 0) + i * 1000).toISOString();
    const updateAt = (i: number) => new Promise<VehicleUpdate>((resolve) => mine.on('vehicles:update', (list) => {
      const u = list.find((x) => x.unitid === unit.id && x.updated === at(i));
      if (u) resolve(u);
    }));
    const device = await TestDevice.connect(t.ingest.ports.teltonika);
    await device.login(unit.device_id);
    const first = updateAt(80);
    await device.send([record(80)]);
    const town = (await first).loc ?? '';
    expect(town).toMatch(/\w/);
    expect(town.startsWith('At ')).toBe(false);

    // A place around the next position, saved after the site's places were read for the first update.
    const next = record(81);
    const saved = await t.call('POST', 'savepoi', {
      token: leeds.token, body: { name: 'Live test yard', mode: 1, gp: `${next.latitude},${next.longitude}`, radius: 150, showonmap: true },
    });
    expect(saved.json().ok).toBe(1);
    const second = updateAt(81);
    await device.send([next]);
    expect((await second).loc).toBe('At Live test yard');
    device.close();
  });

  it('pushes a committed position without waiting for the state processor', async () => {
    const mine = await open(leeds);
    const other = await open(northway);
    const leaked: VehicleUpdate[] = [];
    other.on('vehicles:update', (u) => leaked.push(...u));
    // The state processor cannot run while its lock is held elsewhere: only the fast path can answer.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(7262002)');
      const at = new Date(Date.UTC(2026, 10, 22, 8, 0, 0) + 90_000).toISOString();
      const update = new Promise<VehicleUpdate>((resolve) => mine.on('vehicles:update', (list) => {
        const u = list.find((x) => x.unitid === unit.id && x.updated === at);
        if (u) resolve(u);
      }));
      const device = await TestDevice.connect(t.ingest.ports.teltonika);
      await device.login(unit.device_id);
      await device.send([record(90)]);
      const u = await update;
      expect(u).toMatchObject({ lat: expect.closeTo(53.7935 + 90e-4, 6), ign: 1, speed: 30, vehiclealarm: false });
      expect(u.loc).toMatch(/\w/);
      const state = await t.database.pool.query('SELECT device_time FROM unit_state WHERE unit_id = $1', [unit.id]);
      expect(state.rows[0]?.device_time?.toISOString()).not.toBe(at);
      expect(leaked.filter((x) => x.unitid === unit.id)).toEqual([]);
      device.close();
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('pushes a new panic alert to the site room only', async () => {
    const mine = await open(leeds);
    const theirs = await open(northway);
    const leaked: AlertEvent[] = [];
    theirs.on('alerts:new', (a) => leaked.push(...a));
    const got = new Promise<AlertEvent>((resolve) => mine.on('alerts:new', (list) => { const a = list.find((x) => x.kind === 'panic'); if (a) resolve(a); }));
    const device = await TestDevice.connect(t.ingest.ports.teltonika);
    await device.login(unit.device_id);
    const pressed = record(70);
    pressed.io.set(2, { size: 1, value: 1 });
    await device.send([record(69)]);
    await device.send([pressed]);
    const alert = await got;
    expect(alert).toMatchObject({ kind: 'panic', event: 'press', uid: unit.id });
    // Proves a negative (nothing more arrives): no event to wait for, so a fixed wait.
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toEqual([]);
    device.close();
  });

  it('disconnects the sockets of a session that logs out', async () => {
    const user = await t.login('admin.leeds@aire-valley.example');
    const s = await open(user);
    const ended = new Promise<string>((resolve) => s.once('session:ended', resolve));
    const gone = new Promise<void>((resolve) => s.once('disconnect', () => resolve()));
    await t.call('POST', 'logout', { token: user.token, body: {} });
    expect(await ended).toBe('logout');
    await gone;
    await expect(open(user)).rejects.toThrow(/tokenerror/);
  });
});
