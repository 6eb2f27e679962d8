import type { CabKey, ClientToServerEvents, ServerToClientEvents, SessionUser, VehicleUpdate } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { DEVICE_NOT_REGISTERED, WRONG_DRIVER_CREDENTIALS } from './cab.service.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestApp;
let base: string;
let leedsSite: number;
let wakefieldSite: number;
const sockets: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  const ids = (await t.database.pool.query<{ id: number; name: string }>('SELECT id, name FROM sites')).rows;
  leedsSite = ids.find((s) => s.name === 'Leeds Depot')!.id;
  wakefieldSite = ids.find((s) => s.name === 'Wakefield Works')!.id;
  // A last report for each Leeds vehicle, as the state processor keeps it (the live update is built from it).
  await t.database.pool.query(`INSERT INTO unit_state (unit_id, position_id, device_time, status_time, lat, lon, speed, angle, satellites)
    SELECT id, 1, now(), now(), 53.79, -1.55, 0, 0, 8 FROM units WHERE site_id = $1 ON CONFLICT DO NOTHING`, [leedsSite]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const adminLeeds = () => t.login('admin.leeds@aire-valley.example');

/** Registers a new cab device of Leeds Depot as a browser would; the administrator's session ends. */
async function register(name = `Cab ${Math.random().toString(36).slice(2, 8)}`): Promise<CabKey> {
  const admin = await adminLeeds();
  const res = await t.call('POST', 'registercabdevice', { token: admin.token, body: { siteid: leedsSite, name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().device as CabKey;
}

/** A driver with an account at Leeds Depot (made by the harness) signing in on a device. */
async function signIn(device: CabKey, driverId?: number, pass = DEMO_PASSWORD) {
  const driver = driverId ?? (await t.driverSession('Leeds Depot')).driverId;
  const res = await t.call('POST', 'driverlogin', { body: { deviceid: device.deviceid, devicekey: device.devicekey, driverid: driver, pass } });
  return { res, driverId: driver };
}

async function driverUser(device: CabKey): Promise<SessionUser> {
  const { res } = await signIn(device);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user as SessionUser;
}

const leedsVehicles = async () =>
  (await t.database.pool.query<{ id: number; registration: string }>(
    'SELECT u.id, u.registration FROM units u JOIN unit_state s ON s.unit_id = u.id WHERE u.site_id = $1 ORDER BY u.id', [leedsSite])).rows;

describe('cab devices (administrators)', () => {
  it('registers this browser: a key is handed out once, only its hash is kept, and the administrator is signed out', async () => {
    const admin = await adminLeeds();
    const res = await t.call('POST', 'registercabdevice', { token: admin.token, body: { siteid: leedsSite, name: 'Yard tablet' } });
    expect(res.statusCode).toBe(200);
    const device = res.json().device as CabKey;
    expect(device).toMatchObject({ name: 'Yard tablet', siteid: leedsSite, sitename: 'Leeds Depot' });
    expect(device.devicekey.length).toBeGreaterThanOrEqual(40);
    const row = (await t.database.pool.query('SELECT key_hash, instance_uuid FROM cab_devices WHERE id = $1', [device.deviceid])).rows[0];
    expect(row.key_hash).not.toBe(device.devicekey);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.instance_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.call('GET', 'user', { token: admin.token })).statusCode).toBe(401);
  });

  it('refuses operators, other tenants\' sites and bad names; nothing is stored', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM cab_devices')).rows[0].n;
    const ops = await t.login('ops.leeds@aire-valley.example');
    expect((await t.call('POST', 'registercabdevice', { token: ops.token, body: { siteid: leedsSite, name: 'x' } })).statusCode).toBe(403);
    const admin = await adminLeeds();
    const other = await t.call('POST', 'registercabdevice', { token: admin.token, body: { siteid: wakefieldSite, name: 'x' } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such site.');
    const long = await t.call('POST', 'registercabdevice', { token: admin.token, body: { siteid: leedsSite, name: 'x'.repeat(61) } });
    expect(long.statusCode).toBe(400);
    expect((await t.call('POST', 'registercabdevice', { token: admin.token, body: { siteid: leedsSite, name: '   ' } })).json().message).toMatch(/name/);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM cab_devices')).rows[0].n).toBe(before);
  });

  it('lists a site\'s devices with the driver on each; another tenant\'s site is 404', async () => {
    const device = await register('Listed cab');
    const user = await driverUser(device);
    const [v] = await leedsVehicles();
    expect((await t.call('POST', 'assigndriver', { token: user.token, body: { uid: v!.id } })).statusCode).toBe(200);
    const admin = await adminLeeds();
    const list = (await t.call('GET', `cabdevices?siteid=${leedsSite}`, { token: admin.token })).json().devices as { deviceid: number; driver: string | null; registration: string | null; registered: string | null }[];
    const mine = list.find((d) => d.deviceid === device.deviceid);
    expect(mine).toMatchObject({ driver: user.driver!.name, registration: v!.registration });
    expect(mine!.registered).not.toBeNull();
    // The demo devices are there, not yet held by any browser.
    expect(list.some((d) => d.registered === null)).toBe(true);
    expect((await t.call('GET', `cabdevices?siteid=${wakefieldSite}`, { token: admin.token })).statusCode).toBe(404);
    const driverRes = await t.call('GET', `cabdevices?siteid=${leedsSite}`, { token: user.token });
    expect(driverRes.statusCode).toBe(403);
  });

  it('takes an existing registration: the old key stops working and its drivers are signed out', async () => {
    const device = await register();
    const user = await driverUser(device);
    const admin = await adminLeeds();
    const res = await t.call('POST', 'takecabdevice', { token: admin.token, body: { deviceid: device.deviceid } });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().device as CabKey;
    expect(moved.devicekey).not.toBe(device.devicekey);
    expect((await t.call('GET', 'cabassignment', { token: user.token })).statusCode).toBe(401);
    const old = await t.call('POST', 'cabdrivers', { body: { deviceid: device.deviceid, devicekey: device.devicekey } });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(DEVICE_NOT_REGISTERED);
    expect((await t.call('POST', 'cabdrivers', { body: { deviceid: moved.deviceid, devicekey: moved.devicekey } })).statusCode).toBe(200);
    expect((await t.call('GET', 'user', { token: admin.token })).statusCode).toBe(401);
  });

  it('takes a demo device no browser holds yet; another tenant\'s device is 404', async () => {
    const demo = (await t.database.pool.query<{ id: number }>(`SELECT id FROM cab_devices WHERE name = 'Bradford cab 1'`)).rows[0]!;
    const bradford = await t.login('admin.bradford@aire-valley.example');
    const res = await t.call('POST', 'takecabdevice', { token: bradford.token, body: { deviceid: demo.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().device).toMatchObject({ name: 'Bradford cab 1', sitename: 'Bradford Yard' });
    const wakefield = (await t.database.pool.query<{ id: number }>(`SELECT id FROM cab_devices WHERE name = 'Wakefield cab 1'`)).rows[0]!;
    const admin = await adminLeeds();
    const other = await t.call('POST', 'takecabdevice', { token: admin.token, body: { deviceid: wakefield.id } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such cab device.');
    expect((await t.call('POST', 'removecabdevice', { token: admin.token, body: { deviceid: wakefield.id } })).statusCode).toBe(404);
  });

  it('removes a device: its sessions end, its driver leaves the vehicle, its key is refused', async () => {
    const device = await register();
    const user = await driverUser(device);
    const [, v] = await leedsVehicles();
    await t.call('POST', 'assigndriver', { token: user.token, body: { uid: v!.id } });
    const admin = await adminLeeds();
    expect((await t.call('POST', 'removecabdevice', { token: admin.token, body: { deviceid: device.deviceid } })).statusCode).toBe(200);
    expect((await t.call('GET', 'cabassignment', { token: user.token })).statusCode).toBe(401);
    expect((await t.database.pool.query('SELECT driver_id FROM units WHERE id = $1', [v!.id])).rows[0].driver_id).toBeNull();
    expect((await t.call('POST', 'cabdrivers', { body: { deviceid: device.deviceid, devicekey: device.devicekey } })).statusCode).toBe(401);
    const list = (await t.call('GET', `cabdevices?siteid=${leedsSite}`, { token: admin.token })).json().devices as { deviceid: number }[];
    expect(list.some((d) => d.deviceid === device.deviceid)).toBe(false);
    expect((await t.call('POST', 'removecabdevice', { token: admin.token, body: { deviceid: device.deviceid } })).statusCode).toBe(404);
  });
});

describe('driver sign-in', () => {
  it('lists the site\'s drivers with an enabled account, by name; a wrong key is 401', async () => {
    const device = await register();
    const mine = await t.driverSession('Leeds Depot', 'Aaron Able');
    await t.database.pool.query('UPDATE users SET disabled = true WHERE id = $1', [(await t.driverSession('Leeds Depot', 'Aaron Disabled')).userId]);
    const res = await t.call('POST', 'cabdrivers', { body: { deviceid: device.deviceid, devicekey: device.devicekey } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { site: { siteid: number; sitename: string }; drivers: { id: number; name: string }[] };
    expect(body.site).toEqual({ siteid: leedsSite, sitename: 'Leeds Depot' });
    expect(body.drivers.map((d) => d.name)).toContain('Aaron Able');
    expect(body.drivers.map((d) => d.name)).not.toContain('Aaron Disabled');
    expect(body.drivers.find((d) => d.name === 'Aaron Able')!.id).toBe(mine.driverId);
    const names = body.drivers.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    // Demo drivers without an account are not listed.
    const noAccount = (await t.database.pool.query<{ name: string }>(`SELECT name FROM drivers WHERE site_id = $1 AND user_id IS NULL LIMIT 1`, [leedsSite])).rows[0]!;
    expect(names).not.toContain(noAccount.name);
    const wrong = await t.call('POST', 'cabdrivers', { body: { deviceid: device.deviceid, devicekey: 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(DEVICE_NOT_REGISTERED);
  });

  it('signs a driver in: a driver-mode session on the device\'s site, with the driver object', async () => {
    const device = await register();
    const { res, driverId } = await signIn(device);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().user as SessionUser;
    expect(user).toMatchObject({ usertype: 3, siteid: leedsSite, sitename: 'Leeds Depot', email: '' });
    expect(user.driver).toEqual({ driverid: driverId, name: expect.any(String), deviceid: device.deviceid, devicename: device.name });
    const session = (await t.database.pool.query('SELECT kind, cab_device_id, driver_id, instance_uuid FROM sessions WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1', [user.userid])).rows[0];
    expect(session).toMatchObject({ kind: 'driver', cab_device_id: device.deviceid, driver_id: driverId, instance_uuid: user.instanceuuid });
    // user and logout work in driver mode; user-mode calls do not.
    const me = await t.call('GET', 'user', { token: user.token });
    expect(me.json().user.driver.driverid).toBe(driverId);
    expect((await t.call('GET', `vehicles?siteid=${leedsSite}`, { token: user.token })).statusCode).toBe(403);
    expect((await t.call('POST', 'logout', { token: user.token, body: {} })).statusCode).toBe(200);
    expect((await t.call('GET', 'user', { token: user.token })).statusCode).toBe(401);
  });

  it('answers the same for a wrong password, an unknown driver and another site\'s driver; changes nothing', async () => {
    const device = await register();
    const wrongPass = await signIn(device, undefined, 'not-the-password');
    expect(wrongPass.res.statusCode).toBe(401);
    expect(wrongPass.res.json().message).toBe(WRONG_DRIVER_CREDENTIALS);
    const unknown = await signIn(device, 2_000_000_000);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json().message).toBe(WRONG_DRIVER_CREDENTIALS);
    const elsewhere = await t.driverSession('Wakefield Works');
    const other = await signIn(device, elsewhere.driverId);
    expect(other.res.statusCode).toBe(401);
    expect(other.res.json().message).toBe(WRONG_DRIVER_CREDENTIALS);
    const badKey = await t.call('POST', 'driverlogin', { body: { deviceid: device.deviceid, devicekey: 'nope', driverid: wrongPass.driverId, pass: DEMO_PASSWORD } });
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json().message).toBe(DEVICE_NOT_REGISTERED);
    const n = (await t.database.pool.query(`SELECT count(*)::int AS n FROM sessions WHERE cab_device_id = $1`, [device.deviceid])).rows[0].n;
    expect(n).toBe(0);
  });

  it('backs off after repeated failures for one driver account, as the users\' sign-in does', async () => {
    const device = await register();
    const { driverId } = await t.driverSession('Leeds Depot');
    for (let i = 0; i < 5; i++) expect((await signIn(device, driverId, 'wrong')).res.statusCode).toBe(401);
    const held = await signIn(device, driverId, DEMO_PASSWORD);
    expect(held.res.statusCode).toBe(429);
    expect(held.res.json().message).toMatch(/Too many failed sign-ins for this driver\. Try again in \d+ seconds?\./);
    // Unknown drivers wait the same way.
    for (let i = 0; i < 5; i++) await signIn(device, 1_999_999_999, 'wrong');
    expect((await signIn(device, 1_999_999_999, 'wrong')).res.statusCode).toBe(429);
  });

  it('a driver account cannot use the office sign-in, and a user session cannot make driver calls', async () => {
    const ops = await t.login('ops.leeds@aire-valley.example');
    for (const [m, url, body] of [['GET', 'cabvehicles'], ['GET', 'cabassignment'], ['POST', 'assigndriver', { uid: 1 }], ['POST', 'unassigndriver', {}]] as const) {
      const res = await t.call(m, url, { token: ops.token, ...(body ? { body } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Only a driver signed in on a cab device may do this.');
    }
  });

  it('changepassword in driver mode opens a new driver session on the same vehicle', async () => {
    const device = await register();
    const user = await driverUser(device);
    const [v] = await leedsVehicles();
    await t.call('POST', 'assigndriver', { token: user.token, body: { uid: v!.id } });
    const res = await t.call('POST', 'changepassword', { token: user.token, body: { pwd: 'Another!2026pass' } });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json().user as SessionUser;
    expect(next.driver?.deviceid).toBe(device.deviceid);
    expect((await t.call('GET', 'user', { token: user.token })).statusCode).toBe(401);
    const rec = (await t.call('GET', 'cabassignment', { token: next.token })).json();
    expect(rec).toMatchObject({ empty: false, uid: v!.id });
    const kind = (await t.database.pool.query(`SELECT kind FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [next.userid])).rows;
    expect(kind).toEqual([{ kind: 'driver' }]);
  });
});

describe('the driver\'s vehicle', () => {
  it('lists the site\'s vehicles by registration with who drives each; never another site\'s', async () => {
    const d = await t.driverSession('Leeds Depot');
    const res = await t.call('GET', 'cabvehicles', { token: d.token });
    expect(res.statusCode).toBe(200);
    const vehicles = res.json().vehicles as { uid: number; registration: string; typename: string; driver: string | null }[];
    const own = (await t.database.pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1', [leedsSite])).rows.map((r) => r.id);
    expect(vehicles.map((v) => v.uid).sort((a, b) => a - b)).toEqual(own.sort((a, b) => a - b));
    expect(vehicles.some((v) => v.driver !== null)).toBe(true);
    expect(vehicles[0]!.typename.length).toBeGreaterThan(0);
  });

  it('assigns: the record of spec 3, units.driver_id, sessions.unit_id and drivers.updated_at; the office sees the name live', async () => {
    const office = await t.login('ops.leeds@aire-valley.example');
    const socket: Client = connect(base, { transports: ['websocket'], auth: { token: office.token, instanceuuid: office.instanceuuid }, extraHeaders: t.socketHeaders(office.token) });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
    const d = await t.driverSession('Leeds Depot', 'Zed Live');
    const [, , v] = await leedsVehicles();
    const seen = new Promise<VehicleUpdate>((resolve) => socket.on('vehicles:update', (list) => {
      const u = list.find((x) => x.unitid === v!.id && x.drivername === 'Zed Live');
      if (u) resolve(u);
    }));
    const res = await t.call('POST', 'assigndriver', { token: d.token, body: { uid: v!.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: 1, empty: false, name: 'Zed Live', registration: v!.registration, site: 'Leeds Depot', deviceid: d.cabDeviceId, uid: v!.id,
      vcl: expect.any(Number), driver: d.driverId,
    });
    expect((await seen).drivername).toBe('Zed Live');
    expect((await t.database.pool.query('SELECT driver_id FROM units WHERE id = $1', [v!.id])).rows[0].driver_id).toBe(d.driverId);
    expect((await t.database.pool.query('SELECT unit_id FROM sessions WHERE driver_id = $1 AND revoked_at IS NULL', [d.driverId])).rows[0].unit_id).toBe(v!.id);
    const updated = (await t.database.pool.query('SELECT updated_at FROM drivers WHERE id = $1', [d.driverId])).rows[0].updated_at as Date;
    expect(Date.now() - updated.getTime()).toBeLessThan(60_000);
    const vehicles = (await t.call('GET', `vehicles?siteid=${leedsSite}`, { token: office.token })).json().vehicles as { unitid: number; drivername: string }[];
    expect(vehicles.find((x) => x.unitid === v!.id)!.drivername).toBe('Zed Live');
    const rec = (await t.call('GET', 'cabassignment', { token: d.token })).json();
    expect(rec).toMatchObject({ empty: false, uid: v!.id, registration: v!.registration });
    expect(rec.position).toMatchObject({ lat: expect.any(Number), lon: expect.any(Number) });
  });

  it('moves a driver: another driver on that vehicle loses it; the driver\'s previous vehicle loses them', async () => {
    const a = await t.driverSession('Leeds Depot');
    const b = await t.driverSession('Leeds Depot');
    const [, , , v1, v2] = await leedsVehicles();
    await t.call('POST', 'assigndriver', { token: a.token, body: { uid: v1!.id } });
    await t.call('POST', 'assigndriver', { token: b.token, body: { uid: v1!.id } });
    expect((await t.call('GET', 'cabassignment', { token: a.token })).json()).toEqual({ ok: 1, empty: true });
    expect((await t.database.pool.query('SELECT driver_id FROM units WHERE id = $1', [v1!.id])).rows[0].driver_id).toBe(b.driverId);
    await t.call('POST', 'assigndriver', { token: b.token, body: { uid: v2!.id } });
    const rows = (await t.database.pool.query('SELECT id, driver_id FROM units WHERE id = ANY($1)', [[v1!.id, v2!.id]])).rows;
    expect(rows.find((r) => r.id === v1!.id).driver_id).toBeNull();
    expect(rows.find((r) => r.id === v2!.id).driver_id).toBe(b.driverId);
  });

  it('unassigns: the vehicle has no driver, the record is empty', async () => {
    const d = await t.driverSession('Leeds Depot');
    const [, , , , , v] = await leedsVehicles();
    await t.call('POST', 'assigndriver', { token: d.token, body: { uid: v!.id } });
    expect((await t.call('POST', 'unassigndriver', { token: d.token, body: {} })).statusCode).toBe(200);
    expect((await t.call('GET', 'cabassignment', { token: d.token })).json()).toEqual({ ok: 1, empty: true });
    expect((await t.database.pool.query('SELECT driver_id FROM units WHERE id = $1', [v!.id])).rows[0].driver_id).toBeNull();
    // Twice is fine.
    expect((await t.call('POST', 'unassigndriver', { token: d.token, body: {} })).statusCode).toBe(200);
  });

  it('reads the site\'s places for the driver\'s map, never another site\'s', async () => {
    const d = await t.driverSession('Leeds Depot');
    const own = await t.call('GET', `poi?siteid=${leedsSite}`, { token: d.token });
    expect(own.statusCode).toBe(200);
    expect((own.json().poi as unknown[]).length).toBeGreaterThan(0);
    expect((await t.call('GET', `poi?siteid=${wakefieldSite}`, { token: d.token })).statusCode).toBe(404);
  });

  it('refuses another site\'s vehicle as missing, and bad input', async () => {
    const d = await t.driverSession('Leeds Depot');
    const other = (await t.database.pool.query<{ id: number }>('SELECT id FROM units WHERE site_id <> $1 LIMIT 1', [leedsSite])).rows[0]!;
    const res = await t.call('POST', 'assigndriver', { token: d.token, body: { uid: other.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such unit.');
    expect((await t.call('POST', 'assigndriver', { token: d.token, body: { uid: 'x' } })).statusCode).toBe(400);
    expect((await t.call('GET', 'cabassignment', { token: d.token })).json()).toEqual({ ok: 1, empty: true });
  });
});
