import { encodeUdpDatagram, CODEC_8E, decodeUdpAck } from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import dgram from 'node:dgram';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import { record, TestDevice } from '../../test/device-client.ts';

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let known: { id: number; device_id: string };
beforeAll(async () => {
  t = await createTestApp({ commandTimeoutMs: 1500 });
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  const res = await t.database.pool.query(`SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 2 ORDER BY id LIMIT 1`, [admin.siteid]);
  known = res.rows[0];
});
afterAll(async () => { await t.close(); });

const port = () => t.ingest.ports.teltonika;
const count = async (unitId: number) =>
  Number((await t.database.pool.query('SELECT count(*) FROM positions WHERE unit_id = $1', [unitId])).rows[0].count);

describe('Teltonika TCP', () => {
  it('accepts a registered device, ACKs the record count after commit, and keeps the state', async () => {
    const d = await TestDevice.connect(port());
    expect(await d.login(known.device_id)).toBe(1);
    const records = [record(1), record(2), record(3)];
    expect(await d.send(records)).toBe(3);
    expect(await count(known.id)).toBe(3);
    const vehicles = await until(
      async () => (await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles,
      (v: { unitid: number; lat: number | null }[] | undefined) => v?.find((x) => x.unitid === known.id)?.lat != null,
    );
    const v = (vehicles ?? []).find((x: { unitid: number }) => x.unitid === known.id) as Record<string, number>;
    expect(v).toMatchObject({ ign: 1, speed: 30, direction: 90 });
    expect(v.lat).toBeCloseTo(53.7935 + 3e-4, 6);
    // Inside the demo's 'Leeds Depot' circle: the location text names it.
    expect(v.loc).toBe('At Leeds Depot');
    d.close();
  });

  it('stores a re-sent batch (lost ACK) only once and ACKs it again', async () => {
    const d = await TestDevice.connect(port());
    await d.login(known.device_id);
    const batch = [record(10), record(11)];
    expect(await d.send(batch)).toBe(2);
    const before = await count(known.id);
    expect(await d.send(batch)).toBe(2);
    expect(await count(known.id)).toBe(before);
    d.close();
  });

  it('refuses an unknown device without ACK, lists it, and accepts it once the unit is added', async () => {
    const imei = '356209080000017';
    const d = await TestDevice.connect(port());
    expect(await d.login(imei)).toBe(0);
    expect(await d.read(1, 1000)).toBeNull();
    expect(d.closed).toBe(true);
    const root = await t.login('root@fleet.test', 'Root!pass123').catch(async () => {
      const { hashPassword } = await import('../lib/passwords.ts');
      await t.database.pool.query(`INSERT INTO users (email, name, usertype, password_hash) VALUES ('root@fleet.test', 'Root', 0, $1)`, [await hashPassword('Root!pass123')]);
      return t.login('root@fleet.test', 'Root!pass123');
    });
    const list = (await t.call('GET', 'unknowndevices', { token: root.token })).json();
    expect(list.devices.find((x: { deviceid: string }) => x.deviceid === imei)).toMatchObject({ attempts: 1, protocol: 'teltonika-tcp' });
    expect((await t.call('GET', 'unknowndevices', { token: admin.token })).statusCode).toBe(403);

    const added = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: admin.siteid, uid: imei, unittype: 1, registration: 'YA26 NEW' } });
    expect(added.json().ok).toBe(1);
    const again = await TestDevice.connect(port());
    expect(await again.login(imei)).toBe(1);
    expect(await again.send([record(1)])).toBe(1);
    again.close();
  });

  it('gives no ACK and stores nothing when the database connection dies mid-batch', async () => {
    const before = await count(known.id);
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    // Rows of this batch make the insert sleep inside the database, half done, until it is killed.
    await admin.query(`CREATE FUNCTION stall() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.altitude = 4321 THEN PERFORM pg_sleep(60); END IF; RETURN NEW; END $$`);
    await admin.query('CREATE TRIGGER stall BEFORE INSERT ON positions FOR EACH ROW EXECUTE FUNCTION stall()');
    try {
      const d = await TestDevice.connect(port());
      await d.login(known.device_id);
      const batch = [record(100, { altitude: 4321 }), record(101), record(102)];
      const pending = d.send(batch, 20_000);
      const killed = await until(async () => (await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event = 'PgSleep' AND pid <> pg_backend_pid()`)).rowCount ?? 0, (n) => n > 0, 15_000);
      expect(killed).toBeGreaterThan(0);
      expect(await pending).toBeNull();
      expect(await count(known.id)).toBe(before);
    } finally {
      await admin.query('DROP TRIGGER stall ON positions');
      await admin.query('DROP FUNCTION stall()');
      await admin.end();
    }
    // The device re-sends after reconnecting, and everything arrives once.
    const retry = await TestDevice.connect(port());
    await retry.login(known.device_id);
    expect(await retry.send([record(100), record(101), record(102)])).toBe(3);
    expect(await count(known.id)).toBe(before + 3);
    retry.close();
  });

  it('closes a connection sending a wrong CRC and keeps serving others', async () => {
    const bad = await TestDevice.connect(port());
    await bad.login(known.device_id);
    const good = await TestDevice.connect(port());
    const other = (await t.database.pool.query('SELECT device_id FROM units WHERE id <> $1 AND unit_type_id = 1 LIMIT 1', [known.id])).rows[0].device_id;
    await good.login(other);
    const { encodeAvlPacket } = await import('@fleet/protocols');
    const frame = encodeAvlPacket({ codec: CODEC_8E, records: [record(200)] });
    frame.writeUInt8((frame.at(-1) as number) ^ 0xff, frame.length - 1);
    bad.write(frame);
    expect(await bad.read(4, 2000)).toBeNull();
    expect(bad.closed).toBe(true);
    expect(await good.send([record(201)])).toBe(1);
    expect(t.ingest.stats.snapshot().closedBecause['protocol:bad_crc']).toBeGreaterThan(0);
    good.close();
  });

  it('closes a connection that declares a length beyond the maximum before any body arrives', async () => {
    const d = await TestDevice.connect(port());
    await d.login(known.device_id);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(10 * 1024 * 1024, 4);
    d.write(header);
    expect(await d.read(1, 2000)).toBeNull();
    expect(d.closed).toBe(true);
  });

  it("relays a Codec 12 command and the device's reply; refusal, offline and timeout are clear and logged", async () => {
    const d = await TestDevice.connect(port());
    await d.login(known.device_id);
    const answering = d.answerCommand((cmd) => `reply to ${cmd}`);
    const res = await t.call('GET', `sendfmscommand?uid=${known.id}&cmd=getinfo&cmddesc=info`, { token: ops.token });
    expect(res.json()).toEqual({ ok: 1, reply: 'reply to getinfo' });
    expect(await answering).toBe('getinfo');
    const denied = await t.call('GET', `sendiocommand?uid=${known.id}&cmd=${encodeURIComponent('setdigout 1')}`, { token: ops.token });
    expect(denied.statusCode).toBe(403);
    const timeout = await t.call('GET', `sendiocommand?uid=${known.id}&cmd=${encodeURIComponent('setdigout 1')}`, { token: admin.token });
    expect(timeout.statusCode).toBe(504);
    d.close();
    await until(async () => t.ingest.commands.isOnline(known.id), (v) => !v);
    const offline = await t.call('GET', `sendfmscommand?uid=${known.id}&cmd=getinfo`, { token: ops.token });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toMatch(/offline/);
    const log = await t.database.pool.query('SELECT status FROM command_log WHERE unit_id = $1 ORDER BY id', [known.id]);
    expect(log.rows.map((r) => r.status)).toEqual(['answered', 'refused', 'timeout', 'offline']);
  });
});

describe('Teltonika UDP', () => {
  it('ACKs a datagram after commit, echoing its packet ids', async () => {
    const sock = dgram.createSocket('udp4');
    const datagram = encodeUdpDatagram({ packetId: 0xcafe, avlPacketId: 7, imei: known.device_id, packet: { codec: CODEC_8E, records: [record(300), record(301)] } });
    const ack = await new Promise<Buffer>((resolve) => {
      sock.once('message', resolve);
      sock.send(datagram, t.ingest.ports.teltonikaUdp, '127.0.0.1');
    });
    sock.close();
    expect(decodeUdpAck(ack)).toMatchObject({ packetId: 0xcafe, avlPacketId: 7, accepted: 2 });
    const n = await t.database.pool.query(`SELECT count(*) FROM positions WHERE unit_id = $1 AND protocol = 'teltonika-udp'`, [known.id]);
    expect(Number(n.rows[0].count)).toBe(2);
  });
});

describe('OsmAnd (Traccar Client)', () => {
  it('stores a GET position with 200 and refuses an unknown device with 400', async () => {
    const phone = (await t.database.pool.query('SELECT id, device_id FROM units WHERE unit_type_id = 20 LIMIT 1')).rows[0];
    const base = `http://127.0.0.1:${t.ingest.ports.osmand}/`;
    const ok = await fetch(`${base}?id=${phone.device_id}&lat=53.8&lon=-1.55&timestamp=1795300000&speed=10&bearing=45&batt=80`);
    expect(ok.status).toBe(200);
    const row = await t.database.pool.query('SELECT lat, lon, speed, angle FROM positions WHERE unit_id = $1', [phone.id]);
    expect(row.rows[0]).toMatchObject({ lat: 53.8, lon: -1.55, speed: 19, angle: 45 });
    const unknown = await fetch(`${base}?id=nope-123&lat=53.8&lon=-1.55`);
    expect(unknown.status).toBe(400);
    const bad = await fetch(`${base}?id=${phone.device_id}&lat=123&lon=-1.55`);
    expect(bad.status).toBe(400);
  });

  it('answers 400, never 503 "send again", to a position the log cannot hold, and takes the next one', async () => {
    const phone = (await t.database.pool.query('SELECT id, device_id FROM units WHERE unit_type_id = 20 LIMIT 1')).rows[0];
    const base = `http://127.0.0.1:${t.ingest.ports.osmand}/`;
    const before = Number((await t.database.pool.query('SELECT count(*) FROM positions WHERE unit_id = $1', [phone.id])).rows[0].count);
    for (const query of [`id=${phone.device_id}&lat=53.8&lon=-1.55&speed=1e308`, `id=${phone.device_id}&lat=53.8&lon=-1.55&altitude=1e308`, `id=${phone.device_id}%00&lat=53.8&lon=-1.55`]) {
      const res = await fetch(`${base}?${query}&timestamp=1795300100`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(await res.text()).toMatch(/speed|altitude|id/);
    }
    const json = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: phone.device_id, location: { timestamp: '2026-11-21T10:00:00Z', coords: { latitude: 53.8, longitude: -1.55, speed: 1e308 } } }) });
    expect(json.status).toBe(400);
    expect(Number((await t.database.pool.query('SELECT count(*) FROM positions WHERE unit_id = $1', [phone.id])).rows[0].count)).toBe(before);
    expect((await fetch(`${base}?id=${phone.device_id}&lat=53.8&lon=-1.55&timestamp=1795300200`)).status).toBe(200);
  });
});
