import { encodeQueclinkReport } from '@fleet/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { QueclinkTestDevice, queclinkUdpExchange } from '../../test/queclink-client.ts';
import { parseNetworks } from './source-allow.ts';

// QUECLINK_ALLOW: test traffic comes from 127.0.0.1, outside this list.
let t: TestApp;
let unit: { id: number; device_id: string };
beforeAll(async () => {
  t = await createTestApp({ ingest: { allow: { queclink: parseNetworks('10.0.0.0/8') } } });
  unit = (await t.database.pool.query(`SELECT id, device_id FROM units WHERE device_id ~ '^[0-9]{15}$' ORDER BY id LIMIT 1`)).rows[0];
});
afterAll(async () => { await t.close(); });

const report = (imei: string) => encodeQueclinkReport({
  type: 'GTFRI', protocolVersion: '060100', imei, sendTimeMs: Date.UTC(2026, 10, 22, 8, 1), count: 1,
  positions: [{ lat: 53.8, lon: -1.55, speedKmh: 30, azimuth: 10, altitude: 50, timeMs: Date.UTC(2026, 10, 22, 8), accuracy: 1 }],
});
const stored = async () => Number((await t.database.pool.query('SELECT count(*) FROM positions WHERE unit_id = $1', [unit.id])).rows[0].count);
const unknown = async () => Number((await t.database.pool.query('SELECT count(*) FROM unknown_devices')).rows[0].count);

describe('a Queclink source outside QUECLINK_ALLOW', () => {
  it('hears nothing over TCP for a registered IMEI or an unknown one; nothing is stored or listed', async () => {
    for (const imei of [unit.device_id, '862894020000033']) {
      const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
      expect(await d.send(report(imei), 1000)).toBeNull();
      expect(d.closed).toBe(true);
    }
    expect(await stored()).toBe(0);
    expect(await unknown()).toBe(0);
    expect(t.ingest.stats.snapshot().closedBecause['queclink:source-not-allowed']).toBe(2);
  });

  it('hears nothing over UDP either', async () => {
    expect(await queclinkUdpExchange(t.ingest.ports.queclinkUdp, report(unit.device_id), 1000)).toBeNull();
    expect(await stored()).toBe(0);
    expect(t.ingest.stats.snapshot().closedBecause['queclink-udp:source-not-allowed']).toBe(1);
  });
});
