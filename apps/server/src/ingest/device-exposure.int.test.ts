import { CODEC_8E, encodeUdpDatagram } from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { hashPassword } from '../lib/passwords.ts';
import { parseNetworks } from './source-allow.ts';
import { unitDirectory } from './unit-directory.ts';

// Issue 8, items 6 and 12: what the device ports and addnewsiteunit tell a stranger, the source
// allow-lists, and the bounded list of unknown devices.
let t: TestApp;
let leeds: SessionUser;
let northway: SessionUser;
let root: SessionUser;
let van: { id: number; device_id: string };
let phone: { id: number; device_id: string };

const unknownCount = async () => Number((await t.database.pool.query('SELECT count(*) FROM unknown_devices')).rows[0].count);

beforeAll(async () => {
  // Test traffic comes from 127.0.0.1, outside these lists.
  t = await createTestApp({ ingest: { allow: { teltonika: parseNetworks('10.0.0.0/8'), osmand: parseNetworks('192.0.2.0/24, 2001:db8::/32') } } });
  leeds = await t.login('admin.leeds@aire-valley.example');
  northway = await t.login('admin@northway.example');
  await t.database.pool.query(`INSERT INTO users (email, name, usertype, password_hash) VALUES ('root@fleet.test', 'Root', 0, $1)`, [await hashPassword('Root!pass123')]);
  root = await t.login('root@fleet.test', 'Root!pass123');
  van = (await t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 2 ORDER BY id LIMIT 1', [leeds.siteid])).rows[0];
  phone = (await t.database.pool.query('SELECT id, device_id FROM units WHERE unit_type_id = 20 ORDER BY id LIMIT 1')).rows[0];
});
afterAll(async () => { await t.close(); });

describe('a source outside the allow-list', () => {
  it('hears on Teltonika TCP what an unknown IMEI hears, and nothing is stored or listed', async () => {
    for (const imei of [van.device_id, '356209080000099']) {
      const d = await TestDevice.connect(t.ingest.ports.teltonika);
      expect(await d.login(imei)).toBe(0);
      expect(await d.read(1, 1000)).toBeNull();
      expect(d.closed).toBe(true);
    }
    expect(await unknownCount()).toBe(0);
  });

  it('gets no ACK over UDP, known device or not', async () => {
    const sock = dgram.createSocket('udp4');
    const acks: Buffer[] = [];
    sock.on('message', (m) => acks.push(m));
    for (const imei of [van.device_id, '356209080000098']) {
      sock.send(encodeUdpDatagram({ packetId: 1, avlPacketId: 1, imei, packet: { codec: CODEC_8E, records: [record(1)] } }), t.ingest.ports.teltonikaUdp, '127.0.0.1');
    }
    // Proves a negative (no ACK comes): no event to wait for, so a fixed wait.
    await new Promise((r) => setTimeout(r, 700));
    sock.close();
    expect(acks).toEqual([]);
    expect(Number((await t.database.pool.query('SELECT count(*) FROM positions WHERE unit_id = $1', [van.id])).rows[0].count)).toBe(0);
    expect(await unknownCount()).toBe(0);
  });

  it('gets the same OsmAnd answer for a registered id as for an unknown one', async () => {
    const base = `http://127.0.0.1:${t.ingest.ports.osmand}/`;
    const known = await fetch(`${base}?id=${phone.device_id}&lat=53.8&lon=-1.55`);
    const unknown = await fetch(`${base}?id=nobody-here-1&lat=53.8&lon=-1.55`);
    expect([known.status, await known.text()]).toEqual([400, 'unknown device']);
    expect([unknown.status, await unknown.text()]).toEqual([400, 'unknown device']);
    expect(await unknownCount()).toBe(0);
  });
});

describe('addnewsiteunit', () => {
  it("does not tell another customer's administrator that an id is registered, nor where", async () => {
    const res = await t.call('POST', 'addnewsiteunit', { token: northway.token, body: { siteid: northway.siteid, uid: van.device_id, unittype: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).not.toMatch(/registered|Leeds|Aire|unit \d/i);
    const own = await t.call('POST', 'addnewsiteunit', { token: leeds.token, body: { siteid: leeds.siteid, uid: van.device_id, unittype: 1 } });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/already registered on one of your sites/);
  });
});

describe('unknown devices', () => {
  it('are capped, the fewest attempts going first, so a retrying device outlasts a flood', async () => {
    const directory = unitDirectory(t.database.pool, { maxUnknown: 20 });
    for (let i = 0; i < 3; i++) await directory.recordUnknown('356209080000123', 'teltonika-tcp', '198.51.100.7');
    for (let i = 0; i < 60; i++) await directory.recordUnknown(`flood-${i}`, 'osmand', '203.0.113.1');
    expect(await unknownCount()).toBe(20);
    const list = (await t.call('GET', 'unknowndevices', { token: root.token })).json().devices as Array<{ deviceid: string; attempts: number }>;
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ deviceid: '356209080000123', attempts: 3 });
    // The newest of the flood are kept over the older ones.
    expect(list.map((d) => d.deviceid)).toContain('flood-59');
    expect(list.map((d) => d.deviceid)).not.toContain('flood-0');
  });

  it('are forgotten after 30 days of silence', async () => {
    await t.database.pool.query(`UPDATE unknown_devices SET last_at = now() - interval '31 days' WHERE device_id = '356209080000123'`);
    await unitDirectory(t.database.pool).recordUnknown('356209080000124', 'teltonika-tcp', '198.51.100.8');
    const ids = (await t.database.pool.query('SELECT device_id FROM unknown_devices')).rows.map((r) => r.device_id);
    expect(ids).not.toContain('356209080000123');
    expect(ids).toContain('356209080000124');
  });
});
