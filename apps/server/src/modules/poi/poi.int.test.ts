import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

let t: TestApp;
let ops: SessionUser;
let other: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  other = await t.login('ops@northway.example');
});
afterAll(async () => { await t.close(); });

const circle = { name: 'Test yard', mode: 1, gp: '53.9000,-1.7000', radius: 250, showonmap: true };

describe('POI and geofences', () => {
  it('creates, reads, finds, changes and deletes a circle POI on the current site', async () => {
    const saved = await t.call('POST', 'savepoi', { token: ops.token, body: circle });
    const id = saved.json().id;
    expect(saved.json().ok).toBe(1);
    const got = (await t.call('GET', `getgeofence?id=${id}`, { token: ops.token })).json().poi;
    expect(got).toMatchObject({ id, name: 'Test yard', mode: 1, gp: '53.9,-1.7', radius: 250, geofence: false });
    expect((await t.call('GET', 'searchpoi?s=test%20y', { token: ops.token })).json().poi.map((p: { id: number }) => p.id)).toContain(id);
    await t.call('POST', 'savepoi', { token: ops.token, body: { ...circle, id, radius: 300 } });
    expect((await t.call('GET', `getgeofence?id=${id}`, { token: ops.token })).json().poi.radius).toBe(300);
    expect((await t.call('POST', 'deletegeofence', { token: ops.token, body: { id } })).json().ok).toBe(1);
    expect((await t.call('GET', `getgeofence?id=${id}`, { token: ops.token })).statusCode).toBe(404);
  });

  it('refuses bad shapes with a clear message and stores nothing', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM poi')).rows[0].n;
    const cases = [
      { ...circle, gp: 'not a centre' },
      { ...circle, radius: undefined },
      { name: 'Tri', mode: 2, geo: { points: [{ x: -1.5, y: 53.8 }, { x: -1.4, y: 53.8 }] } },
      { name: 'Far', mode: 2, geo: { points: [{ x: -1.5, y: 95 }, { x: -1.4, y: 53.8 }, { x: -1.3, y: 53.9 }] } },
    ];
    for (const body of cases) {
      const res = await t.call('POST', 'savepoi', { token: ops.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().ok).toBe(0);
    }
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM poi')).rows[0].n).toBe(before);
  });

  it("never reads, changes or deletes another tenant's POI", async () => {
    const theirs = (await t.call('POST', 'savepoi', { token: other.token, body: circle })).json().id;
    expect((await t.call('GET', `getgeofence?id=${theirs}`, { token: ops.token })).statusCode).toBe(404);
    expect((await t.call('POST', 'savepoi', { token: ops.token, body: { ...circle, id: theirs, name: 'Mine now' } })).statusCode).toBe(404);
    expect((await t.call('POST', 'deletegeofence', { token: ops.token, body: { id: theirs } })).statusCode).toBe(404);
    expect((await t.call('GET', `getgeofence?id=${theirs}`, { token: other.token })).json().poi.name).toBe('Test yard');
  });

  it("lists each place with its geofence flag in poi?siteid and searchpoi, so a list needs no getgeofence per place", async () => {
    const place = (await t.call('POST', 'savepoi', { token: ops.token, body: { ...circle, name: 'Flag place' } })).json().id;
    const fence = (await t.call('POST', 'savegeofence', { token: ops.token, body: { ...circle, name: 'Flag fence' } })).json().id;
    const listed = (await t.call('GET', `poi?siteid=${ops.siteid}`, { token: ops.token })).json().poi as { id: number; geofence: boolean }[];
    expect(listed.find((p) => p.id === place)).toMatchObject({ name: 'Flag place', mode: 1, gp: '53.9,-1.7', radius: 250, geo: null, showonmap: true, geofence: false });
    expect(listed.find((p) => p.id === fence)?.geofence).toBe(true);
    const found = (await t.call('GET', 'searchpoi?s=flag', { token: ops.token })).json().poi as { id: number; geofence: boolean }[];
    expect(found.map((p) => [p.id, p.geofence])).toEqual([[fence, true], [place, false]]);
    // The list and the single answer are built the same way.
    const one = (await t.call('GET', `getgeofence?id=${fence}`, { token: ops.token })).json().poi;
    expect(one).toEqual(listed.find((p) => p.id === fence));
    // Re-saved as a place, the geofence loses its flag.
    await t.call('POST', 'savepoi', { token: ops.token, body: { ...circle, id: fence, name: 'Flag fence' } });
    const again = (await t.call('GET', `poi?siteid=${ops.siteid}`, { token: ops.token })).json().poi as { id: number; geofence: boolean }[];
    expect(again.find((p) => p.id === fence)?.geofence).toBe(false);
  });

  it("never lists another tenant's places in poi?siteid or searchpoi", async () => {
    await t.call('POST', 'savepoi', { token: other.token, body: { ...circle, name: 'Northway secret yard' } });
    expect((await t.call('GET', 'searchpoi?s=secret', { token: ops.token })).json().poi).toEqual([]);
    expect((await t.call('GET', 'searchpoi?s=secret', { token: other.token })).json().poi.map((p: { name: string }) => p.name)).toEqual(['Northway secret yard']);
    const theirSite = await t.call('GET', `poi?siteid=${other.siteid}`, { token: ops.token });
    expect(theirSite.statusCode).toBe(404);
    expect(theirSite.json().ok).toBe(0);
  });

  it('starts raising alerts for a new geofence without a restart', async () => {
    const unit = (await t.database.pool.query('SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 2 ORDER BY id LIMIT 1', [ops.siteid])).rows[0];
    const fence = { name: 'Brand new fence', mode: 2, geo: { points: [{ x: -2.01, y: 54.99 }, { x: -1.99, y: 54.99 }, { x: -1.99, y: 55.01 }, { x: -2.01, y: 55.01 }] } };
    expect((await t.call('POST', 'savegeofence', { token: ops.token, body: fence })).json().ok).toBe(1);
    const d = await TestDevice.connect(t.ingest.ports.teltonika);
    await d.login(unit.device_id);
    await d.send([record(1, { latitude: 55.5, longitude: -2 })]);
    await d.send([record(2, { latitude: 55, longitude: -2 })]);
    const zone: { poi: string }[] = await until(async () => (await t.call('GET', 'dashalerts', { token: ops.token })).json().geofence,
      (z: { poi: string }[]) => z.some((g) => g.poi === 'Brand new fence'));
    expect(zone.some((g) => g.poi === 'Brand new fence')).toBe(true);
    d.close();
  });
});
