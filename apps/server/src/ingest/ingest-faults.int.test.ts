import { CODEC_8E, encodeAvlPacket } from '@fleet/protocols';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';

let t: TestApp;
let imei: string;
beforeAll(async () => {
  t = await createTestApp({
    ingest: { limits: { loginTimeoutMs: 400, frameTimeoutMs: 400, idleTimeoutMs: 800, maxConnectionsPerAddress: 5, maxDataLength: 2048 } },
  });
  imei = (await t.database.pool.query('SELECT device_id FROM units WHERE unit_type_id = 1 ORDER BY id LIMIT 1')).rows[0].device_id;
});
afterAll(async () => { await t.close(); });

const port = () => t.ingest.ports.teltonika;
const closedBecause = (reason: string) => t.ingest.stats.snapshot().closedBecause[reason] ?? 0;
/** Whether the server has closed the device's connection (within 3 s). */
const waitClosed = (d: TestDevice) => until(() => d.closed, (closed) => closed, 3000);
const stored = async () => Number((await t.database.pool.query('SELECT count(*) FROM positions')).rows[0].count);

describe('the device listener under bad input', () => {
  it('closes a silent connection that never logs in', async () => {
    const d = await TestDevice.connect(port());
    expect(await waitClosed(d)).toBe(true);
    expect(closedBecause('login-timeout')).toBeGreaterThan(0);
  });

  it('closes a connection that trickles a frame and never finishes it', async () => {
    const d = await TestDevice.connect(port());
    expect(await d.login(imei)).toBe(1);
    const packet = encodeAvlPacket({ codec: CODEC_8E, records: [record(1)] });
    d.write(packet.subarray(0, 20));
    expect(await waitClosed(d)).toBe(true);
    expect(closedBecause('frame-timeout')).toBeGreaterThan(0);
  });

  it('closes an idle connection after login', async () => {
    const d = await TestDevice.connect(port());
    expect(await d.login(imei)).toBe(1);
    expect(await waitClosed(d)).toBe(true);
    expect(closedBecause('idle')).toBeGreaterThan(0);
  });

  it('refuses a flood of connections from one address beyond the limit, while serving the rest', async () => {
    const openBefore = t.ingest.stats.snapshot().connectionsOpen;
    const flood = await Promise.all(Array.from({ length: 8 }, () => TestDevice.connect(port())));
    await until(() => flood.filter((d) => d.closed).length, (n) => n >= 3);
    expect(flood.filter((d) => d.closed).length).toBe(3);
    expect(closedBecause('address-limit')).toBe(3);
    for (const d of flood) d.close();
    // The server has seen them go: the address is under its limit again.
    await until(() => t.ingest.stats.snapshot().connectionsOpen, (n) => n <= openBefore);
    const ok = await TestDevice.connect(port());
    expect(await ok.login(imei)).toBe(1);
    expect(await ok.send([record(5)])).toBe(1);
    ok.close();
  });

  it.each([
    // A CRC-valid unknown codec is answered and passed over (teltonika-field.int.test.ts); with its
    // CRC broken, its length cannot be trusted to find the next packet.
    ['an unknown codec whose CRC fails', (() => { const p = encodeAvlPacket({ codec: CODEC_8E, records: [record(9)] }); p[8] = 0x77; return p; })(), 'protocol:bad_crc'],
    ['record counts that disagree', (() => { const p = encodeAvlPacket({ codec: CODEC_8E, records: [record(9)] }); p[9] = 2; return p; })(), 'protocol:'],
    ['a length beyond the maximum', Buffer.from('00000000000100000000', 'hex'), 'protocol:length_exceeded'],
    ['garbage', Buffer.from('this is not a teltonika frame at all'), 'protocol:'],
  ])('closes a connection sending %s and stores nothing of it', async (_name, bytes, reason) => {
    const before = await stored();
    const d = await TestDevice.connect(port());
    expect(await d.login(imei)).toBe(1);
    d.write(bytes);
    expect(await d.read(4, 1500)).toBeNull();
    expect(await waitClosed(d)).toBe(true);
    const reasons = Object.keys(t.ingest.stats.snapshot().closedBecause);
    expect(reasons.some((r) => r.startsWith(reason))).toBe(true);
    expect(await stored()).toBe(before);
  });

  it('never ACKs or stores random bytes sent after a login, and keeps serving', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
      const d = await TestDevice.connect(port());
      if ((await d.login(imei)) !== 1) return;
      const before = await stored();
      d.write(Buffer.from(bytes));
      const ack = await d.read(4, 150);
      // A lone 0xFF is a keep-alive; anything else random must never be acknowledged.
      expect(ack).toBeNull();
      expect(await stored()).toBe(before);
      d.close();
    }), { numRuns: 25 });
    const ok = await TestDevice.connect(port());
    await ok.login(imei);
    expect(await ok.send([record(77)])).toBe(1);
    ok.close();
  });

  it('refuses an IMEI login that is not digits', async () => {
    const d = await TestDevice.connect(port());
    d.write(Buffer.concat([Buffer.from([0, 4]), Buffer.from('abcd')]));
    expect(await waitClosed(d)).toBe(true);
    expect(closedBecause('protocol:bad_imei')).toBeGreaterThan(0);
  });
});
