import { type AvlRecord, CODEC_8E, decodeUdpAck, encodeUdpDatagram, isPlausible, PLAUSIBLE } from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import fc from 'fast-check';
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import type { LivePosition } from './ingest-events.ts';

// Issue 8, item 2: random records through every ingest path (Teltonika TCP, UDP, OsmAnd) are all
// answered (stored, flagged when implausible, or refused as bad input), and no implausible value
// ever becomes a unit's state, a vehicles answer or a live update.
let t: TestApp;
let ops: SessionUser;
const live: LivePosition[] = [];
const units: Record<'tcp' | 'udp' | 'osmand', { id: number; device_id: string }> = {} as never;
let seq = 0;

const now = () => Date.now();
/** Any value the wire can carry, with plausible ones common enough to move the state. */
const timeArb = fc.oneof(
  fc.integer({ min: -3_600_000, max: 600_000 }).map((d) => now() + d),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(0, Date.UTC(2014, 11, 31), 253402300799000, Number.MAX_SAFE_INTEGER),
);
const wireDegrees = (max: number) => fc.oneof(
  fc.integer({ min: -max * 1e7, max: max * 1e7 }).map((v) => v / 1e7),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((v) => v / 1e7),
  fc.constant(0),
);
const avlArb = fc.record({
  timestampMs: timeArb, latitude: wireDegrees(90), longitude: wireDegrees(180),
  altitude: fc.integer({ min: -32_768, max: 32_767 }), angle: fc.integer({ min: 0, max: 65_535 }),
  satellites: fc.integer({ min: 0, max: 255 }), speedKmh: fc.oneof(fc.integer({ min: 0, max: 130 }), fc.integer({ min: 0, max: 65_535 })),
});
const toRecord = (r: (typeof avlArb) extends fc.Arbitrary<infer T> ? T : never, i: number): AvlRecord =>
  record(i, { ...r, eventIoId: ++seq % 200, priority: 0 });

const osmandArb = fc.record({
  timestamp: fc.oneof(timeArb.map((ms) => String(Math.floor(ms / 1000))), fc.constant(undefined)),
  lat: fc.oneof(fc.double({ min: -100, max: 100, noNaN: true }), fc.constant(0), fc.constant(1e308)),
  lon: fc.oneof(fc.double({ min: -200, max: 200, noNaN: true }), fc.constant(0)),
  speed: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constant(1e308), fc.double({ min: 0, max: 1e6, noNaN: true })),
  altitude: fc.oneof(fc.integer({ min: -2000, max: 30_000 }), fc.constant(1e308), fc.constant(undefined)),
});

/** How the OsmAnd parser reads a number: seconds below 1e11, milliseconds above. */
const osmandMs = (n: number) => (Math.abs(n) < 1e11 ? n * 1000 : n);

function sendUdp(datagram: Buffer): Promise<Buffer | null> {
  const sock = dgram.createSocket('udp4');
  return new Promise<Buffer | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 10_000); // generous: a loaded CI box is slow, a lost ACK still fails
    sock.once('message', (m) => { clearTimeout(timer); resolve(m); });
    sock.send(datagram, t.ingest.ports.teltonikaUdp, '127.0.0.1');
  }).finally(() => sock.close());
}

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  t.ingest.positionEvents.on('positions', (list) => live.push(...list));
  const vans = (await t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 2 ORDER BY id LIMIT 2', [ops.siteid])).rows;
  units.tcp = vans[0];
  units.udp = vans[1];
  units.osmand = (await t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 20 ORDER BY id LIMIT 1', [ops.siteid])).rows[0];
  expect(units.tcp && units.udp && units.osmand).toBeTruthy();
});
afterAll(async () => { await t.close(); });

describe('random records through every ingest path', () => {
  it('Teltonika TCP: every packet is ACKed (stored, flagged or not)', async () => {
    const d = await TestDevice.connect(t.ingest.ports.teltonika);
    expect(await d.login(units.tcp.device_id)).toBe(1);
    await fc.assert(fc.asyncProperty(fc.array(avlArb, { minLength: 1, maxLength: 5 }), async (list) => {
      expect(await d.send(list.map(toRecord), 15_000)).toBe(list.length);
    }), { numRuns: 40 });
    d.close();
  });

  it('Teltonika UDP: every datagram is ACKed', async () => {
    await fc.assert(fc.asyncProperty(fc.array(avlArb, { minLength: 1, maxLength: 5 }), async (list) => {
      const ack = await sendUdp(encodeUdpDatagram({ packetId: ++seq & 0xffff, avlPacketId: seq & 0xff, imei: units.udp.device_id, packet: { codec: CODEC_8E, records: list.map(toRecord) } }));
      expect(ack && decodeUdpAck(ack).accepted).toBe(list.length);
    }), { numRuns: 40 });
  });

  it('OsmAnd: 200 when stored, 400 for what cannot be a position, never 503', async () => {
    await fc.assert(fc.asyncProperty(osmandArb, async (p) => {
      const q = new URLSearchParams({ id: units.osmand.device_id, lat: String(p.lat), lon: String(p.lon), speed: String(p.speed) });
      if (p.timestamp !== undefined) q.set('timestamp', p.timestamp);
      if (p.altitude !== undefined) q.set('altitude', String(p.altitude));
      const res = await fetch(`http://127.0.0.1:${t.ingest.ports.osmand}/?${q}`);
      const storable = Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180 && p.speed * 1.852 < 2 ** 31 && (p.altitude ?? 0) < 2 ** 31
        && (p.timestamp === undefined || osmandMs(Number(p.timestamp)) <= 253402300799999);
      expect(res.status).toBe(storable ? 200 : 400);
    }), { numRuns: 60 });
  });

  it('leaves only plausible values in unit_state, the vehicles answer and the live updates', async () => {
    const done = async () => {
      const r = await t.database.pool.query(`SELECT (SELECT max(id) FROM positions) AS top, (SELECT position_id FROM processor_cursors WHERE name = 'state') AS s`);
      return r.rows[0].top === r.rows[0].s;
    };
    expect(await until(done, (v) => v, 15_000)).toBe(true);
    const at = now();
    const state = await t.database.pool.query(`SELECT unit_id, (extract(epoch FROM device_time) * 1000)::float8 AS t, lat, lon, speed FROM unit_state WHERE unit_id = ANY($1::int[])`,
      [Object.values(units).map((u) => u.id)]);
    expect(state.rows.length).toBeGreaterThan(0);
    for (const s of state.rows as Array<{ t: number; lat: number; lon: number; speed: number }>) {
      expect(isPlausible({ deviceTimeMs: s.t, lat: s.lat, lon: s.lon, speedKmh: s.speed, altitude: 0 }, at)).toBe(true);
    }
    const vehicles = (await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles as Array<{ lat: number | null; lon: number | null; updated: string | null }>;
    for (const v of vehicles) {
      if (v.lat === null || v.lon === null) continue;
      expect(Math.abs(v.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(v.lon)).toBeLessThanOrEqual(180);
      expect(Date.parse(v.updated as string)).toBeLessThanOrEqual(at + PLAUSIBLE.maxAheadMs);
    }
    expect(live.length).toBeGreaterThan(0);
    for (const p of live) {
      expect(isPlausible({ deviceTimeMs: p.deviceTimeMs, lat: p.lat, lon: p.lon, speedKmh: p.speed, altitude: 0 }, at)).toBe(true);
    }
    // The fuzzer did send implausible records (they are stored, flagged).
    const flagged = await t.database.pool.query('SELECT count(*)::int AS n FROM positions WHERE implausible IS NOT NULL');
    expect(flagged.rows[0].n).toBeGreaterThan(0);
  });
});
