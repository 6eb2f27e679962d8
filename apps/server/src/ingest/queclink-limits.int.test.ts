import { encodeQueclinkHeartbeat } from '@fleet/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { QueclinkTestDevice } from '../../test/queclink-client.ts';

// The shared TCP limits, short, on the Queclink port.
let t: TestApp;
let imei: string;
beforeAll(async () => {
  t = await createTestApp({ ingest: { limits: { loginTimeoutMs: 400, frameTimeoutMs: 400, idleTimeoutMs: 600 } } });
  imei = (await t.database.pool.query(`SELECT device_id FROM units WHERE device_id ~ '^[0-9]{15}$' ORDER BY id LIMIT 1`)).rows[0].device_id;
});
afterAll(async () => { await t.close(); });

const closed = () => t.ingest.stats.snapshot().closedBecause as Record<string, number>;

describe('Queclink TCP limits', () => {
  it('closes a connection that sends no message, and one that stops in the middle of a message', async () => {
    const silent = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await silent.waitClosed(3000)).toBe(true);
    expect(closed()['queclink:login-timeout']).toBe(1);
    const trickle = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await trickle.send(encodeQueclinkHeartbeat('060100', imei, '', Date.UTC(2026, 10, 22, 8), 1))).toBe('+SACK:GTHBD,060100,0001$');
    trickle.write('+RESP:GTFRI,060100,');
    expect(await trickle.waitClosed(3000)).toBe(true);
    expect(closed()['queclink:frame-timeout']).toBe(1);
  });

  it('closes a known device that goes quiet', async () => {
    const d = await QueclinkTestDevice.connect(t.ingest.ports.queclink);
    expect(await d.send(encodeQueclinkHeartbeat('060100', imei, '', Date.UTC(2026, 10, 22, 8, 5), 2))).toBe('+SACK:GTHBD,060100,0002$');
    expect(await d.waitClosed(4000)).toBe(true);
    expect(closed()['queclink:idle']).toBe(1);
  });
});
