import {
  encodeGt06Alarm, encodeGt06CommandReply, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login, encodeGt06Packet, type Gt06Gps,
} from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gt06TestDevice } from '../../test/gt06-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let unit: { id: number; device_id: string };
const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const cell = { mcc: 234, mnc: 15, lac: 1234, cid: '56789' };
const status = { cutOff: false, gpsFixed: true, alarmBits: 0, charging: true, acc: true, defence: false };
const gps = (i: number, extra: Partial<Gt06Gps> = {}): Gt06Gps => ({
  timeMs: base + i * 1000, satellites: 9, latitude: 53.7935 + i * 1e-4, longitude: -1.5485, speedKmh: 40, course: 90,
  positioned: true, differential: false, ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ commandTimeoutMs: 1500 });
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  unit = (await t.database.pool.query(`SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id LIMIT 1`, [ops.siteid])).rows[0];
});
afterAll(async () => { await t.close(); });

const rows = async (eventIo?: number) => (await t.database.pool.query(
  `SELECT lat, lon, speed, angle, event_io, io, protocol, implausible FROM positions WHERE unit_id = $1 AND ($2::int IS NULL OR event_io = $2) ORDER BY id`,
  [unit.id, eventIo ?? null])).rows;

async function loggedIn(): Promise<Gt06TestDevice> {
  const d = await Gt06TestDevice.connect(t.ingest.ports.gt06);
  d.write(encodeGt06Login(unit.device_id, 1));
  expect(await d.next()).toEqual({ type: 'reply', protocol: 1, serial: 1 });
  return d;
}

describe('GT06 over TCP', () => {
  it('logs in, stores 0x22 positions (no answer, as the manual says), answers a heartbeat after storing it', async () => {
    const d = await loggedIn();
    d.write(Buffer.concat([1, 2, 3].map((i) => encodeGt06Location(0x22, { gps: gps(i), cell, acc: true }, 10 + i))));
    d.write(encodeGt06Heartbeat({ status, voltageLevel: 5, gsm: 4 }, 20));
    // The heartbeat's answer follows the commit of everything before it.
    expect(await d.next()).toEqual({ type: 'reply', protocol: 0x13, serial: 20 });
    const located = await rows(0x22);
    expect(located).toHaveLength(3);
    expect(located[0]).toMatchObject({ speed: 40, angle: 90, protocol: 'gt06', implausible: null, io: { ignition: 1 } });
    expect(located[2].lat).toBeCloseTo(53.7938, 5);
    const [beat] = await rows(0x13);
    expect(beat).toMatchObject({ lat: 0, lon: 0, implausible: 'no-fix', io: { fix: 0, ignition: 1, charge: 1, batteryLevel: 83, rssi: 5 } });
    // The debugger shows both directions, decoded.
    const frames = t.ingest.frames.recent(unit.id);
    expect(frames.map((f) => `${f.direction} ${f.kind}`)).toEqual(expect.arrayContaining(['in gt06 0x01 login', 'out gt06 reply', 'in gt06 0x22 location', 'in gt06 0x13 heartbeat']));
    expect(frames.find((f) => f.kind === 'gt06 0x22 location')?.decoded).toMatchObject({ gps: { speedKmh: 40 }, acc: true });
    d.close();
  });

  it('stores a re-sent position once', async () => {
    const d = await loggedIn();
    const frame = encodeGt06Location(0x22, { gps: gps(50), cell, acc: true }, 50);
    d.write(frame);
    d.write(frame);
    d.write(encodeGt06Heartbeat({ status, voltageLevel: 5, gsm: 4 }, 51));
    expect(await d.next()).toMatchObject({ protocol: 0x13, serial: 51 });
    expect((await rows(0x22)).filter((r) => Math.abs(r.lat - (53.7935 + 50e-4)) < 1e-6)).toHaveLength(1);
    d.close();
  });

  it('an SOS alarm is answered after it is stored and raises the panic alert', async () => {
    const d = await loggedIn();
    d.write(encodeGt06Alarm(0x26, { gps: gps(60), cell, status, voltageLevel: 5, gsm: 4, alarmCode: 0x01 }, 60));
    expect(await d.next()).toEqual({ type: 'reply', protocol: 0x26, serial: 60 });
    expect((await rows(0x26))[0]).toMatchObject({ io: { alarm: 'sos', event: 'sos', gt06Alert: 1 } });
    const dash = await until(() => t.call('GET', 'dashalerts', { token: ops.token }).then((r) => r.json()), (x) => x.counts?.panic > 0 && Boolean(x.panic), 10_000); // the call reads counts and the list side by side
    expect(dash.counts.panic).toBe(1);
    expect(Number((dash.panic as string).split('|')[3])).toBe(unit.id);
    d.close();
  });

  it('a power-cut alarm (0x16) is stored with alarm powerCut, answered, and raises a device alert', async () => {
    const d = await loggedIn();
    d.write(encodeGt06Alarm(0x16, { gps: gps(70), cell, status, voltageLevel: 3, gsm: 2, alarmCode: 0x02 }, 70));
    expect(await d.next()).toMatchObject({ protocol: 0x16, serial: 70 });
    expect((await rows(0x16))[0]).toMatchObject({ io: { alarm: 'powerCut', event: 'powerCut' }, implausible: null });
    // …and raises a device alert, listed with the vehicle and counted on the dashboard.
    const dash = await until(() => t.call('GET', 'dashalerts', { token: ops.token }).then((r) => r.json()), (x) => x.counts?.device > 0, 10_000);
    expect(dash.counts.device).toBe(1);
    const [alert] = (await t.call('GET', 'alertlist?list=device', { token: ops.token })).json().alerts;
    expect(alert).toMatchObject({ kind: 'device', event: 'powerCut', uid: unit.id, detail: 'Power cut', late: false, cleared: null });
    d.close();
  });

  it('discards a frame with a bad CRC and goes on', async () => {
    const d = await loggedIn();
    const bad = encodeGt06Heartbeat({ status, voltageLevel: 5, gsm: 4 }, 80);
    bad.writeUInt8(bad.readUInt8(bad.length - 3) ^ 0xff, bad.length - 3);
    d.write(bad);
    d.write(encodeGt06Heartbeat({ status, voltageLevel: 5, gsm: 4 }, 81));
    expect(await d.next()).toMatchObject({ protocol: 0x13, serial: 81 });
    d.close();
  });

  it('relays online commands (0x80) and the answers (0x21 UTF-16, 0x15 ASCII); cut-off is for administrators', async () => {
    const d = await loggedIn();
    const query = t.call('GET', `sendfmscommand?uid=${unit.id}&cmd=${encodeURIComponent('STATUS#')}`, { token: ops.token });
    const cmd = await d.next();
    expect(cmd).toMatchObject({ type: 'command', protocol: 0x80, text: 'STATUS#' });
    d.write(encodeGt06CommandReply('Battery:4.10V,NORMAL; GPRS:Link Up', cmd?.type === 'command' ? cmd.serverFlag : 0, 9, { utf16: true }));
    expect((await query).json()).toEqual({ ok: 1, reply: 'Battery:4.10V,NORMAL; GPRS:Link Up' });

    const denied = await t.call('GET', `sendfmscommand?uid=${unit.id}&cmd=${encodeURIComponent('DYD,000000#')}`, { token: ops.token });
    expect(denied.statusCode).toBe(403);
    const cut = t.call('GET', `sendfmscommand?uid=${unit.id}&cmd=${encodeURIComponent('DYD,000000#')}`, { token: admin.token });
    const sent = await d.next();
    expect(sent).toMatchObject({ type: 'command', text: 'DYD,000000#' });
    d.write(encodeGt06CommandReply('Cut off the fuel supply: Success!', 0, 10, { protocol: 0x15 }));
    expect((await cut).json()).toEqual({ ok: 1, reply: 'Cut off the fuel supply: Success!' });
    d.close();
    await until(async () => t.ingest.commands.isOnline(unit.id), (v) => !v);
  });

  it('refuses an unknown device without an answer, closes and lists it', async () => {
    const imei = '356209080000025';
    const d = await Gt06TestDevice.connect(t.ingest.ports.gt06);
    d.write(encodeGt06Login(imei, 1));
    expect(await d.next(1500)).toBeNull();
    expect(await d.waitClosed()).toBe(true);
    const { hashPassword } = await import('../lib/passwords.ts');
    await t.database.pool.query(`INSERT INTO users (email, name, usertype, password_hash) VALUES ('root-gt06@fleet.test', 'Root', 0, $1)`, [await hashPassword('Root!pass123')]);
    const root = await t.login('root-gt06@fleet.test', 'Root!pass123');
    const list = (await t.call('GET', 'unknowndevices', { token: root.token })).json();
    expect(list.devices.find((x: { deviceid: string }) => x.deviceid === imei)).toMatchObject({ attempts: 1, protocol: 'gt06' });
  });

  it('closes a connection that sends data before logging in, or a broken frame', async () => {
    const d = await Gt06TestDevice.connect(t.ingest.ports.gt06);
    d.write(encodeGt06Heartbeat({ status, voltageLevel: 5, gsm: 4 }, 1));
    expect(await d.waitClosed()).toBe(true);
    const e = await loggedIn();
    // A whole frame, then bytes that cannot start one: the stream is unframeable from there.
    e.write(Buffer.concat([encodeGt06Packet(0x13, Buffer.of(0x40, 4, 4, 0, 2), 2), Buffer.from('77770000', 'hex')]));
    expect(await e.waitClosed()).toBe(true);
    expect(t.ingest.stats.snapshot().closedBecause).toMatchObject({ 'gt06:protocol:no-login': 1, 'gt06:protocol:bad_preamble': 1 });
  });
});
