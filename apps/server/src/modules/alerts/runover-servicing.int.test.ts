import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp } from '../../../test/until.ts';

let t: TestApp;
let admin: SessionUser;
let unit: { id: number; device_id: string };
let device: TestDevice;
let seq = 0;
/** A position with the ignition on or off; `dayAfter` moves it one day on (another day-part). */
const pos = (ign: number, dayAfter = false) => {
  const r = record(++seq, { latitude: 54.5, longitude: -2.5 });
  if (dayAfter) r.timestampMs += 86_400_000;
  r.io.set(239, { size: 1, value: ign });
  return r;
};
const dash = () => t.call('GET', 'dashalerts', { token: admin.token }).then((r) => r.json());
/** Waits until the processors have applied every position sent (the alerts they raise are committed). */
const settle = () => caughtUp(t.database.pool);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  unit = (await t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 2 ORDER BY id DESC LIMIT 1', [admin.siteid])).rows[0];
  device = await TestDevice.connect(t.ingest.ports.teltonika);
  expect(await device.login(unit.device_id)).toBe(1);
});
afterAll(async () => {
  device.close();
  await t.close();
});

describe('Run Over', () => {
  it('raises one alert per day-part outside the working hours, however often the ignition cycles (memory kept between batches)', async () => {
    // No working days: every moment is outside the hours, and each day is one day-part.
    expect((await t.call('POST', 'setworkinghours', { token: admin.token, body: { days: [], start: '06:00', end: '18:00' } })).json().ok).toBe(1);
    await device.send([pos(0)]); // first position: memory only
    await device.send([pos(1), pos(1)]);
    await settle();
    expect((await dash()).counts.runover).toBe(1);
    // Another ignition cycle the same day, in a later batch: the stored day-part holds it back.
    await device.send([pos(0)]);
    await device.send([pos(1)]);
    await settle();
    expect((await dash()).counts.runover).toBe(1);
    // The next day is another day-part.
    await device.send([pos(0, true)]);
    await device.send([pos(1, true)]);
    await settle();
    expect((await dash()).counts.runover).toBe(2);
    const [latest] = (await t.call('GET', 'alertlist?list=runover&open=1', { token: admin.token })).json().alerts;
    expect(latest.detail).toBe('no working days');
  });

  it('raises nothing inside the working hours, and is cleared with clearalert', async () => {
    await t.call('POST', 'setworkinghours', { token: admin.token, body: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00' } });
    await device.send([pos(0)]);
    await device.send([pos(1)]);
    await settle();
    expect((await dash()).counts.runover).toBe(2);
    const list = (await t.call('GET', 'alertlist?list=runover&open=1', { token: admin.token })).json().alerts;
    for (const a of list) expect((await t.call('POST', 'clearalert', { token: admin.token, body: { aid: a.aid } })).json().ok).toBe(1);
    expect((await dash()).counts.runover).toBe(0);
  });

  it('refuses bad hours and operators', async () => {
    expect((await t.call('POST', 'setworkinghours', { token: admin.token, body: { days: [8], start: '6', end: '18:00' } })).statusCode).toBe(400);
    const ops = await t.login('ops.leeds@aire-valley.example');
    expect((await t.call('POST', 'setworkinghours', { token: ops.token, body: { days: [], start: '06:00', end: '18:00' } })).statusCode).toBe(403);
  });
});

describe('Servicing', () => {
  it('lists a unit as due when its odometer passes the planned km, and no longer once the plan moves on', async () => {
    const before = (await dash()).counts.servicing;
    // The test device reports odometer IO 16 around 1,000,000 m = 1,000 km.
    expect((await t.call('POST', 'setserviceplan', { token: admin.token, body: { uid: unit.id, duekm: 900 } })).json().ok).toBe(1);
    const d = await dash();
    expect(d.counts.servicing).toBe(before + 1);
    const list = (await t.call('GET', 'alertlist?list=servicing', { token: admin.token })).json().alerts;
    const mine = list.find((a: { uid: number }) => a.uid === unit.id);
    expect(mine.detail).toMatch(/^Service due: .*mi of 559 mi/);
    // In the site's unit system (issue 10): a metric site reads km.
    expect((await t.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'metric' } })).json().ok).toBe(1);
    const metric = (await t.call('GET', 'alertlist?list=servicing', { token: admin.token })).json().alerts.find((a: { uid: number }) => a.uid === unit.id);
    expect(metric.detail).toMatch(/^Service due: .*km of 900 km/);
    await t.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'imperial' } });
    await t.call('POST', 'setserviceplan', { token: admin.token, body: { uid: unit.id, duekm: 50_000 } });
    expect((await dash()).counts.servicing).toBe(before);
  });

  it('is due on the planned date, and refuses another tenant', async () => {
    await t.call('POST', 'setserviceplan', { token: admin.token, body: { uid: unit.id, duedate: '2020-01-01' } });
    const list = (await t.call('GET', 'alertlist?list=servicing', { token: admin.token })).json().alerts;
    expect(list.find((a: { uid: number }) => a.uid === unit.id).detail).toContain('date 2020-01-01 reached');
    const other = await t.login('admin@northway.example');
    expect((await t.call('POST', 'setserviceplan', { token: other.token, body: { uid: unit.id, duedate: null } })).statusCode).toBe(404);
  });
});
