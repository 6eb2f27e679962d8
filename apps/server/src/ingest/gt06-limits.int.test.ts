import { encodeGt06Login } from '@fleet/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gt06TestDevice } from '../../test/gt06-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import { parseNetworks } from './source-allow.ts';

let t: TestApp;
let imei: string;
beforeAll(async () => {
  // Tests connect from 127.0.0.1, outside GT06_ALLOW; the Teltonika port has no list.
  t = await createTestApp({
    ingest: {
      allow: { gt06: parseNetworks('10.0.0.0/8') },
      gt06Limits: { loginTimeoutMs: 400, frameTimeoutMs: 400, idleTimeoutMs: 600, maxFrameBytes: 64 },
    },
  });
  imei = (await t.database.pool.query(`SELECT device_id FROM units WHERE unit_type_id = 1 ORDER BY id LIMIT 1`)).rows[0].device_id;
});
afterAll(async () => { await t.close(); });

const closed = () => t.ingest.stats.snapshot().closedBecause as Record<string, number>;

describe('GT06 source allow list and limits', () => {
  it('a registered IMEI from outside GT06_ALLOW hears what an unknown one hears, and is not listed', async () => {
    const d = await Gt06TestDevice.connect(t.ingest.ports.gt06);
    d.write(encodeGt06Login(imei, 1));
    expect(await d.next(1000)).toBeNull();
    expect(await d.waitClosed()).toBe(true);
    expect(closed()['gt06:source-not-allowed']).toBe(1);
    const listed = await t.database.pool.query('SELECT count(*) FROM unknown_devices WHERE device_id = $1', [imei]);
    expect(Number(listed.rows[0].count)).toBe(0);
  });

  it('closes a connection that never logs in, one that stops mid-frame, and a frame over the size limit', async () => {
    const silent = await Gt06TestDevice.connect(t.ingest.ports.gt06);
    expect(await silent.waitClosed(3000)).toBe(true);
    const trickle = await Gt06TestDevice.connect(t.ingest.ports.gt06);
    trickle.write(Buffer.from('78780a13', 'hex'));
    expect(await trickle.waitClosed(3000)).toBe(true);
    const big = await Gt06TestDevice.connect(t.ingest.ports.gt06);
    big.write(Buffer.from('79790100', 'hex'));
    expect(await big.waitClosed(3000)).toBe(true);
    const reasons = await until(closed, (c) => c['gt06:protocol:length_exceeded'] === 1 && (c['gt06:login-timeout'] ?? 0) >= 1);
    expect(reasons['gt06:protocol:length_exceeded']).toBe(1);
    expect((reasons['gt06:login-timeout'] ?? 0) + (reasons['gt06:frame-timeout'] ?? 0)).toBe(2);
  });
});
