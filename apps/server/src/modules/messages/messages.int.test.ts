import { schema } from '@fleet/db';
import type { ClientToServerEvents, Message, MessagesReadEvent, ServerToClientEvents, SessionUser, VehicleUpdate } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { record, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Driver = Awaited<ReturnType<TestApp['driverSession']>>;
let t: TestApp;
let base: string;
let ops: SessionUser;
let admin: SessionUser;
let root: SessionUser;
let northway: SessionUser;
let driver: Driver;
let unassigned: Driver;
/** Two vehicles of Leeds Depot (the driver is assigned to `van`) and one of Northway. */
let van: { id: number; device_id: string; registration: string };
let other: { id: number; device_id: string };
let theirs: { id: number };
const sockets: Client[] = [];

const uuid = () => crypto.randomUUID();
const assign = (d: Driver, unitId: number | null) => t.database.pool.query('UPDATE sessions SET unit_id = $1 WHERE token_hash IN (SELECT token_hash FROM sessions WHERE driver_id = $2)', [unitId, d.driverId]);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  ops = await t.login('ops.leeds@aire-valley.example');
  admin = await t.login('admin.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  await t.database.db.insert(schema.users).values({ email: 'root@fleet.test', name: 'Root', usertype: 0, passwordHash: await hashPassword(DEMO_PASSWORD) });
  root = await t.login('root@fleet.test');
  const units = (await t.database.pool.query('SELECT id, device_id, registration FROM units WHERE site_id = $1 AND unit_type_id <> 20 ORDER BY id LIMIT 2', [ops.siteid])).rows;
  [van, other] = units as [typeof van, typeof other];
  theirs = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [northway.siteid])).rows[0];
  driver = await t.driverSession('Leeds Depot');
  unassigned = await t.driverSession('Leeds Depot');
  await assign(driver, van.id);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const get = (token: string, q: string) => t.call('GET', `messages?${q}`, { token });
const post = (token: string, body: unknown) => t.call('POST', 'postnewmessage', { token, body });

describe('messages calls', () => {
  it('lets the office and the assigned driver talk about one vehicle, each seeing its own side as mine', async () => {
    const sent = await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: 'Please call the yard when you are free.' });
    expect(sent.statusCode).toBe(200);
    const m = sent.json().message as Message;
    expect(m).toMatchObject({ uid: van.id, fromcab: false, author: 'Tom Whitaker', text: 'Please call the yard when you are free.', read: null, mine: true });
    const reply = await post(driver.token, { siteid: driver.siteId, uid: van.id, msg: '  Will do 👍\nat the next stop  ' });
    expect(reply.json().message).toMatchObject({ fromcab: true, author: driver.name, text: 'Will do 👍\nat the next stop', mine: true });
    const seenByDriver = (await get(driver.token, `siteid=${driver.siteId}&uid=${van.id}`)).json().messages as Message[];
    expect(seenByDriver.map((x) => [x.text.slice(0, 4), x.fromcab, x.mine])).toEqual([['Plea', false, false], ['Will', true, true]]);
    const seenByAdmin = (await get(admin.token, `siteid=${admin.siteid}&uid=${van.id}`)).json().messages as Message[];
    expect(seenByAdmin.map((x) => x.mine)).toEqual([true, false]);
    const seenBySuper = await get(root.token, `siteid=${ops.siteid}&uid=${van.id}`);
    expect(seenBySuper.json().messages).toHaveLength(2);
    const o = await post(admin.token, { siteid: admin.siteid, uid: other.id, msg: 'Other van' });
    expect(o.statusCode).toBe(200);
  });

  it('keeps the other tenant out of every call', async () => {
    const q = `siteid=${ops.siteid}&uid=${van.id}`;
    expect((await get(northway.token, q)).json()).toEqual({ ok: 0, message: 'No such site.' });
    expect((await post(northway.token, { siteid: ops.siteid, uid: van.id, msg: 'hi' })).statusCode).toBe(404);
    expect((await t.call('POST', 'readmessages', { token: northway.token, body: { siteid: ops.siteid, uid: van.id } })).statusCode).toBe(404);
    // Their own site with our vehicle: no such vehicle.
    expect((await get(northway.token, `siteid=${northway.siteid}&uid=${van.id}`)).json()).toEqual({ ok: 0, message: 'No such vehicle.' });
    expect((await get(ops.token, `siteid=${ops.siteid}&uid=${theirs.id}`)).json()).toEqual({ ok: 0, message: 'No such vehicle.' });
    const unread = (await t.call('GET', 'unreadmessages', { token: northway.token })).json();
    expect(unread).toEqual({ ok: 1, total: 0, units: [] });
    expect((await get('', `siteid=${ops.siteid}&uid=${van.id}`)).statusCode).toBe(401);
  });

  it('holds a driver to the vehicle assigned to them, and asks for one first', async () => {
    expect((await get(driver.token, `siteid=${driver.siteId}&uid=${other.id}`)).json()).toEqual({ ok: 0, message: 'No such vehicle.' });
    expect((await post(driver.token, { siteid: driver.siteId, uid: other.id, msg: 'x' })).json()).toEqual({ ok: 0, message: 'No such vehicle.' });
    expect((await t.call('POST', 'readmessages', { token: driver.token, body: { siteid: driver.siteId, uid: other.id } })).statusCode).toBe(404);
    expect((await get(driver.token, `siteid=${northway.siteid}&uid=${theirs.id}`)).statusCode).toBe(404);
    const none = await get(unassigned.token, `siteid=${unassigned.siteId}&uid=${van.id}`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ ok: 0, message: 'Pick your vehicle first.' });
    expect((await post(unassigned.token, { siteid: unassigned.siteId, uid: van.id, msg: 'x' })).json().message).toBe('Pick your vehicle first.');
    expect((await t.call('GET', 'unreadmessages', { token: unassigned.token })).json()).toEqual({ ok: 1, total: 0, units: [] });
  });

  it('counts unread messages per side and marks them read', async () => {
    const office = (await t.call('GET', 'unreadmessages', { token: ops.token })).json();
    expect(office.units.map((u: { uid: number }) => u.uid)).toEqual([other.id, van.id]); // newest conversation first
    expect(office.units.find((u: { uid: number }) => u.uid === van.id)).toMatchObject({ registration: van.registration, unread: 1 });
    expect(office.total).toBe(1);
    const cab = (await t.call('GET', 'unreadmessages', { token: driver.token })).json();
    expect(cab).toMatchObject({ total: 1, units: [{ uid: van.id, unread: 1 }] });
    expect((await t.call('POST', 'readmessages', { token: driver.token, body: { siteid: driver.siteId, uid: van.id } })).json()).toEqual({ ok: 1 });
    expect((await t.call('GET', 'unreadmessages', { token: driver.token })).json().total).toBe(0);
    // The driver's read marked the office's message, not their own.
    expect((await t.call('GET', 'unreadmessages', { token: ops.token })).json().total).toBe(1);
    const list = (await get(ops.token, `siteid=${ops.siteid}&uid=${van.id}`)).json().messages as Message[];
    expect(list[0]?.read).not.toBeNull();
    expect(list[1]?.read).toBeNull();
  });

  it('stores a message sent twice with one key once', async () => {
    const key = uuid();
    const body = { siteid: driver.siteId, uid: van.id, msg: 'Sent from a flaky cab', key };
    const [a, b] = await Promise.all([post(driver.token, body), post(driver.token, body)]);
    expect(a.json().message.id).toBe(b.json().message.id);
    const c = await post(driver.token, body);
    expect(c.json().message.id).toBe(a.json().message.id);
    const n = await t.database.pool.query('SELECT count(*)::int AS n FROM messages WHERE client_key = $1', [key]);
    expect(n.rows[0].n).toBe(1);
    expect((await post(driver.token, { ...body, key: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('stores hostile text as written and refuses what is not text', async () => {
    const html = '<img src=x onerror=alert(1)>';
    expect((await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: html })).json().message.text).toBe(html);
    expect((await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: 'x'.repeat(2000) })).json().message.text).toHaveLength(2000);
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM messages')).rows[0].n;
    for (const msg of ['', '   \n ', 'x'.repeat(2001), 'bell\u0007', 'nul\u0000', 'cr\r\nlf', 'esc\u001b[31m']) {
      const res = await post(ops.token, { siteid: ops.siteid, uid: van.id, msg });
      expect(res.statusCode, JSON.stringify(msg)).toBe(400);
      expect(res.json().ok).toBe(0);
    }
    expect((await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: 'hi', extra: 1 })).statusCode).toBe(400);
    expect((await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: 42 })).statusCode).toBe(400);
    const res = await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: 'x'.repeat(2001) });
    expect(res.json().message).toMatch(/at most 2,000 characters/);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM messages')).rows[0].n).toBe(before);
    const tab = await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: 'a\tb' });
    expect(tab.json().message.text).toBe('a\tb');
    expect(tab.headers['content-type']).toMatch(/^application\/json/);
  });

  it('pages back with before', async () => {
    for (let i = 0; i < 105; i++) await post(admin.token, { siteid: admin.siteid, uid: other.id, msg: `n${i}` });
    const page = (await get(ops.token, `siteid=${ops.siteid}&uid=${other.id}`)).json().messages as Message[];
    expect(page).toHaveLength(100);
    expect(page.at(-1)?.text).toBe('n104');
    const older = (await get(ops.token, `siteid=${ops.siteid}&uid=${other.id}&before=${page[0]?.id}`)).json().messages as Message[];
    expect(older.map((m) => m.text)).toEqual(['Other van', 'n0', 'n1', 'n2', 'n3', 'n4']);
  });
});

function open(token: string, instanceuuid: string): Promise<Client> {
  const s: Client = connect(base, { autoConnect: false, transports: ['websocket'], auth: { token, instanceuuid }, extraHeaders: t.socketHeaders(token) });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
    s.connect();
  });
}

describe('messages live', () => {
  it("gives a driver's socket its own vehicle's messages and reads, and no vehicle updates nor other vehicles' messages", async () => {
    const office = await open(ops.token, ops.instanceuuid);
    const cab = await open(driver.token, driver.instanceUuid);
    const idle = await open(unassigned.token, unassigned.instanceUuid);
    const cabGot: Message[] = [];
    const cabReads: MessagesReadEvent[] = [];
    const cabUpdates: VehicleUpdate[] = [];
    const idleGot: unknown[] = [];
    cab.on('messages:new', ({ message }) => cabGot.push(message));
    cab.on('messages:read', (e) => cabReads.push(e));
    cab.on('vehicles:update', (u) => cabUpdates.push(...u));
    idle.on('messages:new', (e) => idleGot.push(e));
    idle.on('vehicles:update', (u) => idleGot.push(...u));
    expect(await new Promise((resolve) => cab.emit('debug:subscribe', van.id, resolve))).toEqual({ ok: 0, message: 'No such unit.' });

    // A vehicle update reaches the office, not the cab.
    const officeUpdate = new Promise<void>((resolve) => office.on('vehicles:update', (list) => { if (list.some((u) => u.unitid === van.id)) resolve(); }));
    const device = await TestDevice.connect(t.ingest.ports.teltonika);
    await device.login(van.device_id);
    await device.send([record(7)]);
    await officeUpdate;

    // The office writes to the other vehicle, then to the driver's: the cab hears only its own.
    const officeNew: Message[] = [];
    office.on('messages:new', ({ message }) => officeNew.push(message));
    await post(ops.token, { siteid: ops.siteid, uid: other.id, msg: 'For the other van only' });
    const arrived = new Promise<Message>((resolve) => cab.on('messages:new', ({ message }) => resolve(message)));
    await post(ops.token, { siteid: ops.siteid, uid: van.id, msg: 'For your van' });
    const m = await arrived;
    expect(m).toMatchObject({ uid: van.id, text: 'For your van', fromcab: false, mine: false });

    // The driver replies and reads: the office hears both, with its own view.
    const officeRead = new Promise<MessagesReadEvent>((resolve) => office.on('messages:read', resolve));
    const reply = new Promise<Message>((resolve) => office.on('messages:new', ({ message }) => { if (message.fromcab) resolve(message); }));
    await post(driver.token, { siteid: driver.siteId, uid: van.id, msg: 'On it' });
    expect(await reply).toMatchObject({ text: 'On it', fromcab: true, mine: false });
    await t.call('POST', 'readmessages', { token: driver.token, body: { siteid: driver.siteId, uid: van.id } });
    expect(await officeRead).toMatchObject({ uid: van.id, upto: m.id, fromcab: false });

    // The office reads the driver's reply: the cab gets the ticks.
    const cabRead = new Promise<MessagesReadEvent>((resolve) => cab.on('messages:read', (e) => { if (e.fromcab) resolve(e); }));
    await t.call('POST', 'readmessages', { token: ops.token, body: { siteid: ops.siteid, uid: van.id } });
    expect((await cabRead).uid).toBe(van.id);

    // Proves a negative (nothing else arrives): no event to wait for, so a fixed wait.
    await new Promise((r) => setTimeout(r, 400));
    expect(cabUpdates).toEqual([]);
    expect(cabGot.map((x) => x.text)).toEqual(['For your van', 'On it']);
    expect(cabGot.every((x) => x.uid === van.id)).toBe(true);
    expect(cabReads.every((x) => x.uid === van.id)).toBe(true);
    expect(idleGot).toEqual([]);
    expect(officeNew.map((x) => x.text)).toEqual(['For the other van only', 'For your van', 'On it']);
    device.close();
  });
});
