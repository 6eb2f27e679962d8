import { encodeQueclinkHeartbeat, encodeQueclinkReport, type QueclinkPositionInput } from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { QueclinkTestDevice, queclinkUdpExchange } from '../../test/queclink-client.ts';
import { until } from '../../test/until.ts';

let t: TestApp;
let ops: SessionUser;
let units: { id: number; device_id: string }[];
beforeAll(async () => {
  t = await createTestApp({ commandTimeoutMs: 1500 });
  ops = await t.login('ops.leeds@aire-valley.example');
  units = (await t.database.pool.query(`SELECT id, device_id FROM units WHERE site_id = $1 AND device_id ~ '^[0-9]{15}$' ORDER BY id LIMIT 6`, [ops.siteid])).rows;
  expect(units.length).toBe(6);
});
afterAll(async () => { await t.close(); });

const base = Date.UTC(2026, 10, 22, 8, 0, 0);
const pos = (i: number, extra: Partial<QueclinkPositionInput> = {}): QueclinkPositionInput => ({
  lat: 53.7935 + i * 1e-4, lon: -1.5485 + i * 1e-4, speedKmh: 42.5, azimuth: 90, altitude: 60, timeMs: base + i * 1000, accuracy: 1,
  cell: { mcc: 234, mnc: 15, lac: 0x18d8, cellId: 0x6141 }, ...extra,
});
const fri = (imei: string, count: number, positions: QueclinkPositionInput[], buffered = false) => encodeQueclinkReport({
  type: 'GTFRI', buffered, protocolVersion: '060100', imei, sendTimeMs: base + count * 60_000, count, positions,
  mileageKm: 1234.5, batteryLevel: 90, externalPowerMv: 12800, deviceStatus: '220100',
});
const rows = async (unitId: number) => (await t.database.pool.query(
  'SELECT lat, lon, event_io, io, protocol FROM positions WHERE unit_id = $1 ORDER BY device_time, event_io', [unitId])).rows;

describe('Queclink over TCP', () => {
  it('stores a two-position GTFRI, then answers +SACK with its count number', async () => {
    const [u] = units;
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send(fri(u!.device_id, 0x1a, [pos(1), pos(2)]))).toBe('+SACK:001A$');
    const stored = await rows(u!.id);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ event_io: 1, protocol: 'queclink' });
    expect(stored[1].lat).toBeCloseTo(53.7937, 6);
    expect(stored[1].io).toMatchObject({ event: 'GTFRI', odometer: 1_234_500, power: 12.8, batteryLevel: 90, ignition: 1, motion: 1, countNumber: '001A' });
    // The debugger shows the message and the SACK, in that order, with the message in words.
    const frames = t.ingest.frames.recent(u!.id);
    expect(frames.map((f) => [f.direction, f.kind])).toEqual([['in', '+RESP:GTFRI'], ['out', 'sack']]);
    expect(frames[0]?.decoded).toMatchObject({ report: 'GTFRI', imei: u!.device_id, count: '001A' });
    d.close();
  });

  it('stores a re-sent report once and answers its SACK again; +BUFF reports are stored as history', async () => {
    const [, u] = units;
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    const msg = fri(u!.device_id, 3, [pos(10)]);
    expect(await d.send(msg)).toBe('+SACK:0003$');
    expect(await d.send(msg)).toBe('+SACK:0003$');
    expect(await rows(u!.id)).toHaveLength(1);
    expect(await d.send(fri(u!.device_id, 1, [pos(5)], true))).toBe('+SACK:0001$');
    const stored = await rows(u!.id);
    expect(stored).toHaveLength(2);
    expect(stored[0].io).toMatchObject({ buffered: 1 });
    d.close();
  });

  it('answers the heartbeat with +SACK:GTHBD and keeps the connection', async () => {
    const [, , u] = units;
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send(encodeQueclinkHeartbeat('060100', u!.device_id, 'truck', base, 0x2b))).toBe('+SACK:GTHBD,060100,002B$');
    const ign = encodeQueclinkReport({ type: 'GTIGN', protocolVersion: '060100', imei: u!.device_id, sendTimeMs: base + 5000, count: 0x2c, durationSeconds: 300, position: pos(20) });
    expect(await d.send(ign)).toBe('+SACK:002C$');
    const stored = await rows(u!.id);
    expect(stored.map((r) => r.event_io)).toEqual([5, 2]);
    expect(stored[0].io).toMatchObject({ fix: 0, event: 'GTHBD' });
    expect(stored[1].io).toMatchObject({ ignition: 1, ignitionOffSeconds: 300 });
    d.close();
  });

  it('a GTSOS raises the panic alert', async () => {
    const [, , , u] = units;
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send(fri(u!.device_id, 1, [pos(30)]))).toBe('+SACK:0001$');
    const sos = encodeQueclinkReport({ type: 'GTSOS', protocolVersion: '060100', imei: u!.device_id, sendTimeMs: base + 31_000, count: 2, position: pos(31) });
    expect(await d.send(sos)).toBe('+SACK:0002$');
    const panics = () => t.database.pool.query(`SELECT kind FROM alerts WHERE unit_id = $1 AND kind = 'panic'`, [u!.id]).then((r) => r.rows.length);
    expect(await until(panics, (n) => n > 0, 10_000)).toBe(1);
    const dash = (await t.call('GET', 'dashalerts', { token: ops.token })).json();
    expect(dash.panic).toContain(`|${u!.id}|`);
    d.close();
  });

  it('does not answer an unknown device, closes, and lists it', async () => {
    const imei = '862894020000017';
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send(fri(imei, 1, [pos(1)]), 1500)).toBeNull();
    expect(d.closed).toBe(true);
    const found = await t.database.pool.query(`SELECT protocol, attempts FROM unknown_devices WHERE device_id = $1`, [imei]);
    expect(found.rows[0]).toMatchObject({ protocol: 'queclink' });
  });

  it('skips a malformed message from a known device without a SACK, and goes on', async () => {
    const [, , , , u] = units;
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send(fri(u!.device_id, 1, [pos(40)]))).toBe('+SACK:0001$');
    d.write(fri(u!.device_id, 2, [pos(41)]).replace(',10,1,', ',10,7,'));
    expect(await d.send(fri(u!.device_id, 3, [pos(42)]))).toBe('+SACK:0003$');
    expect(await rows(u!.id)).toHaveLength(2);
    expect(t.ingest.stats.snapshot().closedBecause['queclink:count_mismatch']).toBeGreaterThan(0);
    d.close();
  });

  it('acknowledges GTPDP without storing anything, and an undecoded @Track first message does not close', async () => {
    const [, , , , u] = units;
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    const before = (await rows(u!.id)).length;
    d.write(`+RESP:GTINF,060100,${u!.device_id},,16,898600810906F8048812,16,0,1,12000,,4.4,0,0,0,0,20090214013254,0,1300,2000,00,00,+0800,0,20261122080000,0010$`);
    expect(await d.send(`+RESP:GTPDP,060100,${u!.device_id},,20261122080001,0011$`)).toBe('+SACK:0011$');
    expect(await rows(u!.id)).toHaveLength(before);
    expect(d.closed).toBe(false);
    d.close();
  });

  it('closes a connection that does not speak @Track', async () => {
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send('GET / HTTP/1.1\r\nHost: x$', 2000)).toBeNull();
    expect(d.closed).toBe(true);
  });

  it('closes a connection whose message runs past the size limit', async () => {
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    d.write(`+RESP:GTFRI,${'0'.repeat(5000)}`);
    expect(await d.reply(3000)).toBeNull();
    expect(d.closed).toBe(true);
  });

  it('sends an @Track command and resolves with the device +ACK', async () => {
    const [, , , , , u] = units;
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send(encodeQueclinkHeartbeat('060100', u!.device_id, '', base, 1))).toBe('+SACK:GTHBD,060100,0001$');
    const answer = t.ingest.commands.send(u!.id, 'AT+GTRTO=gv300,1,,,,,,0004$', 3000);
    expect(await d.reply()).toBe('AT+GTRTO=gv300,1,,,,,,0004$');
    const ack = `+ACK:GTRTO,060100,${u!.device_id},,GPS,0004,20261122080000,0002$`;
    d.write(ack);
    expect(await answer).toBe(ack);
    d.close();
  });
});

describe('Queclink over UDP', () => {
  it('stores a report and answers the SACK to the datagram source; the heartbeat too', async () => {
    const [u] = units;
    const port = t.ingest.ports.queclinkUdp;
    expect(port).toBe(t.ingest.ports.queclink);
    const before = (await rows(u!.id)).length;
    expect(await queclinkUdpExchange(port, fri(u!.device_id, 0x40, [pos(60)]))).toBe('+SACK:0040$');
    expect(await rows(u!.id)).toHaveLength(before + 1);
    expect(await queclinkUdpExchange(port, encodeQueclinkHeartbeat('060100', u!.device_id, '', base + 61_000, 0x41))).toBe('+SACK:GTHBD,060100,0041$');
  });

  it('does not answer an unknown device and lists it', async () => {
    const imei = '862894020000025';
    expect(await queclinkUdpExchange(t.ingest.ports.queclinkUdp, fri(imei, 1, [pos(1)]), 1000)).toBeNull();
    const found = await until(() => t.database.pool.query(`SELECT protocol FROM unknown_devices WHERE device_id = $1`, [imei]), (r) => r.rows.length > 0);
    expect(found.rows[0]).toMatchObject({ protocol: 'queclink-udp' });
  });
});
