import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp, until } from '../../../test/until.ts';

let t: TestApp;
let ops: SessionUser;
let other: SessionUser;
let unit: { id: number; device_id: string; registration: string };
let fence: { id: number; name: string; lat: number; lon: number };
let device: TestDevice;
let seq = 0;

const at = (lat: number, lon: number, extra: { panic?: number } = {}) => {
  const r = record(++seq, { latitude: lat, longitude: lon });
  r.io.set(2, { size: 1, value: extra.panic ?? 0 });
  return r;
};

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  other = await t.login('ops@northway.example');
  unit = (await t.database.pool.query('SELECT id, device_id, registration FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0];
  fence = (await t.database.pool.query(`SELECT id, name, lat, lon FROM poi WHERE site_id = $1 AND mode = 1 AND is_geofence ORDER BY id LIMIT 1`, [ops.siteid])).rows[0];
  device = await TestDevice.connect(t.ingest.ports.teltonika);
  expect(await device.login(unit.device_id)).toBe(1);
  // The first position only sets what the unit is inside: far from every POI.
  expect(await device.send([at(54.5, -2.5)])).toBe(1);
});
afterAll(async () => {
  device.close();
  await t.close();
});

const dash = (u: SessionUser) => t.call('GET', 'dashalerts', { token: u.token }).then((r) => r.json());

describe('panic', () => {
  it('raises a panic alert when the panic input goes on, once, and flags the vehicle', async () => {
    expect(await device.send([at(54.5, -2.5, { panic: 1 }), at(54.5, -2.5, { panic: 1 })])).toBe(2);
    const d = await until(() => dash(ops), (x) => x.panic !== '' && x.counts.panic > 0);
    expect(d.counts.panic).toBe(1);
    const [vehicle, loc, updated, uid, aid] = (d.panic as string).split('#')[0]?.split('|') ?? [];
    expect(vehicle).toBe(unit.registration);
    // 54.5 N 2.5 W is open fell: the nearest place of 1,000+ people, in words.
    expect(loc).toMatch(/^\d+\.\d mi from [A-Z]/);
    expect(new Date(updated as string).getTime()).toBeGreaterThan(0);
    expect(Number(uid)).toBe(unit.id);
    expect(Number(aid)).toBeGreaterThan(0);
    const vehicles = (await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles;
    expect(vehicles.find((v: { unitid: number }) => v.unitid === unit.id).vehiclealarm).toBe(true);
  });

  it("shows nothing of it to another tenant, who cannot clear it", async () => {
    const d = await dash(other);
    expect(d.counts.panic).toBe(0);
    const list = (await t.call('GET', 'alertlist?list=panic', { token: ops.token })).json().alerts;
    const res = await t.call('POST', 'clearpanicalarm', { token: other.token, body: { aid: list[0].aid } });
    expect(res.statusCode).toBe(404);
    expect((await dash(ops)).counts.panic).toBe(1);
  });

  it('is acknowledged with clearpanicalarm and recorded with who cleared it', async () => {
    const list = (await t.call('GET', 'alertlist?list=panic', { token: ops.token })).json().alerts;
    const res = await t.call('POST', 'clearpanicalarm', { token: ops.token, body: { aid: list[0].aid } });
    expect(res.json().ok).toBe(1);
    expect((await dash(ops)).counts.panic).toBe(0);
    const after = (await t.call('GET', `alertlist?list=panic&id=${list[0].aid}`, { token: ops.token })).json().alerts[0];
    expect(after.cleared).not.toBeNull();
    expect(after.clearedby).toBeTruthy();
  });
});

describe('geofences', () => {
  it('raises an entry alert when the vehicle enters a geofence and an exit alert when it leaves', async () => {
    expect(await device.send([at(fence.lat, fence.lon)])).toBe(1);
    // The list and the counts are separate reads: wait for this fence's entry itself.
    const d = await until(() => dash(ops), (x) => x.geofence.some((g: { poi: string }) => g.poi === fence.name));
    expect(d.geofence.find((g: { poi: string }) => g.poi === fence.name)).toMatchObject({ unitid: unit.id, registration: unit.registration, event: 'enter', vehiclealarm: true });
    expect(await device.send([at(54.5, -2.5)])).toBe(1);
    const d2 = await until(() => dash(ops), (x) => x.geofence.some((g: { event: string }) => g.event === 'exit'));
    const mine = d2.geofence.filter((g: { poi: string }) => g.poi === fence.name);
    expect(mine.map((g: { event: string }) => g.event).sort()).toEqual(['enter', 'exit']);
  });

  it('clears the vehicle alarm with clearvehiclealarm', async () => {
    expect((await t.call('POST', 'clearvehiclealarm', { token: ops.token, body: { uid: unit.id } })).json().ok).toBe(1);
    expect((await dash(ops)).counts.zone).toBe(0);
    const vehicles = (await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles;
    expect(vehicles.find((v: { unitid: number }) => v.unitid === unit.id).vehiclealarm).toBe(false);
    expect((await t.call('POST', 'clearvehiclealarm', { token: other.token, body: { uid: unit.id } })).statusCode).toBe(404);
  });

  it('does not raise the same alert twice when the device re-sends a batch', async () => {
    const batch = [at(fence.lat, fence.lon)];
    expect(await device.send(batch)).toBe(1);
    const first = await until(() => dash(ops), (x) => x.counts.zone > 0);
    expect(await device.send(batch)).toBe(1);
    await caughtUp(t.database.pool);
    expect((await dash(ops)).counts.zone).toBe(first.counts.zone);
  });
});
