import { CODEC_8E, decodeUdpAck, encodeUdpDatagram, isPlausible } from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import dgram from 'node:dgram';
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import type { LivePosition } from './ingest-events.ts';

// Issue 8, item 2: one implausible record (latitude 200, device time 9999-12-31) must never become
// a vehicle's live state, nor block the good positions after it; administrators see it and can reset.
const DATAGRAM = '004400050109000f3335323030303030303030303034318e010000e677d21fd81800ff1b1e40773594000032005a0a001400000002000200ef01000200000000000000000001';
const IMEI = '352000000000041';

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let northway: SessionUser;
let unitId: number;
const live: LivePosition[] = [];

interface Vehicle { unitid: number; lat: number | null; lon: number | null; updated: string | null }

function sendUdp(datagram: Buffer, timeoutMs = 2000): Promise<Buffer | null> {
  const sock = dgram.createSocket('udp4');
  return new Promise<Buffer | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    sock.once('message', (m) => { clearTimeout(timer); resolve(m); });
    sock.send(datagram, t.ingest.ports.teltonikaUdp, '127.0.0.1');
  }).finally(() => sock.close());
}

const vehicle = async (): Promise<Vehicle | undefined> =>
  ((await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles as Vehicle[]).find((v) => v.unitid === unitId);
const processed = async () => {
  const r = await t.database.pool.query(`SELECT (SELECT max(id) FROM positions) AS top,
    (SELECT position_id FROM processor_cursors WHERE name = 'state') AS state, (SELECT position_id FROM processor_cursors WHERE name = 'events') AS events`);
  const row = r.rows[0] as { top: string | null; state: string | null; events: string | null };
  return row.top !== null && row.state === row.top && row.events === row.top;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  northway = await t.login('admin@northway.example');
  t.ingest.positionEvents.on('positions', (list) => live.push(...list));
  const added = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: admin.siteid, uid: IMEI, unittype: 1, registration: 'FUZZ 1' } });
  expect(added.json().ok).toBe(1);
  unitId = added.json().unitid;
});
afterAll(async () => { await t.close(); });

describe('an implausible record (the issue\'s datagram)', () => {
  it('is stored flagged and ACKed, but never becomes the live state; a later good position does', async () => {
    const ack = await sendUdp(Buffer.from(DATAGRAM, 'hex'));
    expect(ack).not.toBeNull();
    expect(decodeUdpAck(ack as Buffer).accepted).toBe(1);
    const stored = await t.database.pool.query('SELECT lat, implausible FROM positions WHERE unit_id = $1', [unitId]);
    expect(stored.rows).toEqual([{ lat: 200, implausible: 'latitude,time-ahead' }]);
    await until(processed, (v) => v);
    expect(await vehicle()).toMatchObject({ lat: null, lon: null, updated: null });
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM unit_state WHERE unit_id = $1', [unitId])).rows[0].n).toBe(0);
    expect(live.filter((p) => p.unitId === unitId)).toEqual([]);

    const now = Date.now() - 1000;
    const good = encodeUdpDatagram({ packetId: 2, avlPacketId: 2, imei: IMEI, packet: { codec: CODEC_8E, records: [record(0, { timestampMs: now, latitude: 53.8, longitude: -1.55 })] } });
    expect(decodeUdpAck((await sendUdp(good)) as Buffer).accepted).toBe(1);
    const v = await until(vehicle, (x) => x?.lat === 53.8);
    expect(v).toMatchObject({ lat: 53.8, lon: -1.55, updated: new Date(now).toISOString() });
    expect(live.filter((p) => p.unitId === unitId).map((p) => p.lat)).toEqual([53.8]);
  });

  it('lists the unit\'s flagged records with their reasons for administrators of its site only', async () => {
    const res = await t.call('GET', `unitflaggedrecords?uid=${unitId}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().records).toEqual([expect.objectContaining({ lat: 200, reasons: ['latitude', 'time-ahead'], time: expect.stringMatching(/^9999-12-31/), protocol: 'teltonika-udp' })]);
    expect((await t.call('GET', `unitflaggedrecords?uid=${unitId}`, { token: ops.token })).statusCode).toBe(403);
    expect((await t.call('GET', `unitflaggedrecords?uid=${unitId}`, { token: northway.token })).statusCode).toBe(404);
  });

  it('resets the state to the newest plausible position on an administrator\'s request', async () => {
    // The events processor runs on its own after the state processor: its row for the unit may not be
    // there yet when the test before has seen the state (a race seen once in CI under load).
    await until(async () => (await t.database.pool.query('SELECT 1 FROM unit_event_state WHERE unit_id = $1', [unitId])).rowCount, (n) => n === 1, 15_000);
    // A state spoilt before the fix (or by hand): far ahead in time, off the globe.
    await t.database.pool.query(`UPDATE unit_state SET lat = -214.7, device_time = '9999-12-31' WHERE unit_id = $1`, [unitId]);
    await t.database.pool.query(`UPDATE unit_event_state SET last_time = '9999-12-31' WHERE unit_id = $1`, [unitId]);
    expect((await t.call('POST', 'resetunitstate', { token: ops.token, body: { uid: unitId } })).statusCode).toBe(403);
    expect((await t.call('POST', 'resetunitstate', { token: northway.token, body: { uid: unitId } })).statusCode).toBe(404);
    const res = await t.call('POST', 'resetunitstate', { token: admin.token, body: { uid: unitId } });
    expect(res.json()).toMatchObject({ ok: 1, state: { lat: 53.8, lon: -1.55 } });
    expect(await vehicle()).toMatchObject({ lat: 53.8, lon: -1.55 });
    const ev = await t.database.pool.query('SELECT last_time FROM unit_event_state WHERE unit_id = $1', [unitId]);
    expect((ev.rows[0] as { last_time: Date }).last_time.getTime()).toBeLessThan(Date.now());
  });

  it('the migration repairs an implausible state already stored', async () => {
    // Plant the damage the old code did: a flagged-worthy row as the unit's state.
    const bad = await t.database.pool.query(`INSERT INTO positions (unit_id, device_time, lat, lon, protocol)
      VALUES ($1, '9999-12-31', -214.7, 10, 'teltonika') RETURNING id`, [unitId]);
    await t.database.pool.query(`UPDATE unit_state SET position_id = $2, lat = -214.7, lon = 10, device_time = '9999-12-31' WHERE unit_id = $1`, [unitId, bad.rows[0].id]);
    const dir = new URL('../../../../packages/db/migrations/', import.meta.url);
    const file = readdirSync(dir).find((f) => f.startsWith('0007_')) as string;
    for (const statement of readFileSync(new URL(file, dir), 'utf8').split('--> statement-breakpoint')) {
      if (/^\s*(UPDATE|DELETE|WITH)/i.test(statement.replace(/^\s*--.*$/gm, ''))) await t.database.pool.query(statement);
    }
    expect((await t.database.pool.query('SELECT implausible FROM positions WHERE id = $1', [bad.rows[0].id])).rows[0].implausible).toBe('latitude,time-ahead');
    expect(await vehicle()).toMatchObject({ lat: 53.8, lon: -1.55 });
  });
});

describe('the live state of every unit', () => {
  it('is plausible after the tests above', async () => {
    await until(processed, (v) => v);
    const rows = await t.database.pool.query(`SELECT (extract(epoch FROM device_time) * 1000)::float8 AS t, lat, lon, speed FROM unit_state`);
    for (const r of rows.rows as Array<{ t: number; lat: number; lon: number; speed: number }>) {
      expect(isPlausible({ deviceTimeMs: r.t, lat: r.lat, lon: r.lon, speedKmh: r.speed, altitude: 0 }, Date.now())).toBe(true);
    }
  });
});
