import { OSMAND_MAX_BATCH } from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';

// The Traccar Client app sending its offline buffer in one request (`location` as an array) over
// real HTTP: all stored in one commit before the 200, a re-send stored once, a bad location refuses
// the whole batch, an SOS among them raises the panic alert.
let t: TestApp;
let admin: SessionUser;
const phones: Record<'store' | 'bad' | 'sos' | 'big', { id: number; uid: string }> = {} as never;
const base = () => `http://127.0.0.1:${t.ingest.ports.osmand}/`;
const postJson = (body: unknown) =>
  fetch(base(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const rows = async (unitId: number) => (await t.database.pool.query(
  `SELECT lat, lon, speed, event_io, io, extract(epoch from device_time)::float8 * 1000 AS t
   FROM positions WHERE unit_id = $1 ORDER BY device_time, event_io`, [unitId])).rows;
/** A location as the app records it, `secondsAgo` before now (whole seconds, so the stored time compares exactly). */
const location = (secondsAgo: number, lat: number, extras: Record<string, unknown> = {}) => ({
  timestamp: new Date((Math.floor(Date.now() / 1000) - secondsAgo) * 1000).toISOString(),
  coords: { latitude: lat, longitude: -1.55, accuracy: 5, speed: 10, heading: 90, altitude: 40 },
  is_moving: true, odometer: 1000 - secondsAgo, event: 'motionchange', battery: { level: 0.8, is_charging: false },
  activity: { type: 'in_vehicle', confidence: 100 }, extras,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  for (const name of ['store', 'bad', 'sos', 'big'] as const) {
    const uid = `batch-phone-${name}`;
    const added = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: admin.siteid, uid, unittype: 20, registration: uid } });
    expect(added.json()).toMatchObject({ ok: 1 });
    phones[name] = { id: added.json().unitid, uid };
  }
});
afterAll(async () => { await t.close(); });

describe('Traccar Client batched JSON', () => {
  it('stores a batch of 3 before answering 200, each location with its own fields; a re-sent batch is stored once', async () => {
    const p = phones.store;
    const body = { device_id: p.uid, location: [location(30, 53.801), location(20, 53.802, { trip: 'a' }), location(10, 53.803)] };
    const res = await postJson(body);
    expect([res.status, await res.text()]).toEqual([200, 'OK']);
    // Answered after the commit: the rows are there the moment the 200 arrives.
    const stored = await rows(p.id);
    expect(stored.map((r) => r.lat)).toEqual([53.801, 53.802, 53.803]);
    expect(stored.map((r) => r.t)).toEqual(body.location.map((l) => Date.parse(l.timestamp)));
    expect(stored.map((r) => r.event_io)).toEqual([0, 0, 0]);
    expect(stored.map((r) => r.speed)).toEqual([36, 36, 36]);
    expect(stored.map((r) => r.io.odometer)).toEqual([970, 980, 990]);
    expect(stored[1].io).toMatchObject({ trip: 'a', batteryLevel: 80, motion: 1, activity: 'in_vehicle' });
    expect(stored[0].io).not.toHaveProperty('trip');

    // The app did not get the answer and sends the same batch again: acknowledged, not stored twice.
    const again = await postJson(body);
    expect(again.status).toBe(200);
    expect(await rows(p.id)).toHaveLength(3);
  });

  it('refuses a batch with one bad location whole, naming it, and stores nothing', async () => {
    const p = phones.bad;
    const bad = { ...location(20, 53.8), coords: { latitude: 53.8, longitude: 'west' } };
    const res = await postJson({ device_id: p.uid, location: [location(30, 53.8), bad, location(10, 53.8)] });
    expect([res.status, await res.text()]).toEqual([400, "location[1]: invalid longitude 'west': expected a decimal number"]);
    const noTime = await postJson({ device_id: p.uid, location: [location(30, 53.8), { coords: { latitude: 53.8, longitude: -1.5 } }] });
    expect([noTime.status, await noTime.text()]).toEqual([400, 'location[1]: missing timestamp: each location of a batch must carry location.timestamp']);
    expect(await rows(p.id)).toEqual([]);
  });

  it('refuses a batch beyond the limit with 413, stores nothing; a full batch fits the body limit', async () => {
    const p = phones.big;
    const many = (n: number) => Array.from({ length: n }, (_, i) => location(n + 60 - i, 53.8 + i / 100_000));
    const over = await postJson({ device_id: p.uid, location: many(OSMAND_MAX_BATCH + 1) });
    expect([over.status, await over.text()]).toEqual([413, `too many locations: ${OSMAND_MAX_BATCH + 1} in one request, at most ${OSMAND_MAX_BATCH} are accepted`]);
    expect(await rows(p.id)).toEqual([]);
    const full = await postJson({ device_id: p.uid, location: many(OSMAND_MAX_BATCH) });
    expect(full.status).toBe(200);
    expect(await rows(p.id)).toHaveLength(OSMAND_MAX_BATCH);
  });

  it('an SOS inside a batch is stored as an alarm report and raises the panic alert', async () => {
    const p = phones.sos;
    const res = await postJson({ device_id: p.uid, location: [location(30, 53.81), location(20, 53.82, { alarm: 'sos' }), location(10, 53.83)] });
    expect(res.status).toBe(200);
    const stored = await rows(p.id);
    expect(stored.map((r) => [r.event_io, r.io.alarm])).toEqual([[0, undefined], [1, 'sos'], [0, undefined]]);
    const alerts = await until(async () => (await t.database.pool.query(
      `SELECT kind, event, lat FROM alerts WHERE unit_id = $1 AND kind = 'panic'`, [p.id])).rows, (a) => a.length > 0, 15_000);
    expect(alerts).toEqual([{ kind: 'panic', event: 'press', lat: 53.82 }]);
  });
});
