// A site's places are cached for PLACES_CACHE_MS (docs/decisions.md): every change through the API
// shows at once, in poi?siteid and in the vehicles' location text; a change made elsewhere within the bound.
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PLACES_CACHE_MS, poiRepository } from './poi.repository.ts';

let t: TestApp;
let ops: SessionUser;
let unitId: number;
const AT = { lat: 53.95, lon: -1.3 };
const siteId = () => ops.siteid as number;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  unitId = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0].id;
  await t.database.pool.query(`INSERT INTO unit_state (unit_id, position_id, device_time, status_time, lat, lon, speed, angle, satellites)
    VALUES ($1, 1, now(), now(), $2, $3, 0, 0, 9) ON CONFLICT (unit_id) DO UPDATE SET lat = $2, lon = $3`, [unitId, AT.lat, AT.lon]);
});
afterAll(async () => { await t.close(); });

const names = async () => ((await t.call('GET', `poi?siteid=${ops.siteid}`, { token: ops.token })).json().poi as { name: string }[]).map((p) => p.name);
const locOfUnit = async () => ((await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles as { unitid: number; loc: string }[])
  .find((v) => v.unitid === unitId)?.loc;

describe("the site's cached places", () => {
  it('show a place saved, changed or deleted through the API at once, in poi and in the location text', async () => {
    const before = await locOfUnit();
    expect(before).not.toMatch(/^At /);
    expect(await names()).not.toContain('Cache yard'); // both now cached
    const id = (await t.call('POST', 'savepoi', { token: ops.token, body: { name: 'Cache yard', mode: 1, gp: `${AT.lat},${AT.lon}`, radius: 200 } })).json().id;
    expect(await names()).toContain('Cache yard');
    expect(await locOfUnit()).toBe('At Cache yard');
    await t.call('POST', 'savegeofence', { token: ops.token, body: { id, name: 'Cache fence', mode: 1, gp: `${AT.lat},${AT.lon}`, radius: 200 } });
    expect(await names()).toContain('Cache fence');
    expect(await locOfUnit()).toBe('At Cache fence');
    expect((await t.call('POST', 'deletegeofence', { token: ops.token, body: { id } })).json().ok).toBe(1);
    expect(await names()).not.toContain('Cache fence');
    expect(await locOfUnit()).toBe(before);
    const quick = await t.call('POST', 'quickpoi', { token: ops.token, body: { name: 'Quick spot', lat: AT.lat, lng: AT.lon } });
    expect(quick.json().ok).toBe(1);
    expect(await locOfUnit()).toBe('At Quick spot');
  });

  it('sees a change made outside this process within PLACES_CACHE_MS', async () => {
    let clock = Date.now();
    const repo = poiRepository(t.database.pool, () => clock);
    const first = await repo.ofSite(siteId());
    await t.database.pool.query(`INSERT INTO poi (site_id, name, mode, lat, lon, radius) VALUES ($1, 'Made by hand', 1, 53, -1, 50)`, [ops.siteid]);
    expect(await repo.ofSite(siteId())).toBe(first); // the cached list, unchanged
    clock += PLACES_CACHE_MS;
    expect((await repo.ofSite(siteId())).map((p) => p.name)).toContain('Made by hand');
  });

  it('does not keep a list read while a place was being written', async () => {
    // The read runs before the write, and its answer arrives after the write is done.
    let release = () => {};
    const gate = new Promise<void>((r) => { release = r; });
    let atGate = () => {};
    const reachedGate = new Promise<void>((r) => { atGate = r; }); // the read has its answer, held back
    const pool = t.database.pool;
    const slowReads = {
      async query(config: string | { text: string }, values?: unknown[]) {
        const result = await pool.query(config as never, values as never);
        if (typeof config === 'object' && config.text.startsWith('SELECT')) { atGate(); await gate; }
        return result;
      },
    } as unknown as typeof pool;
    const repo = poiRepository(slowReads);
    const underWay = repo.ofSite(siteId());
    await reachedGate;
    const id = await repo.insert(siteId(), { name: 'Raced place', mode: 1, lat: 53, lon: -1, radius: 50, points: null, showOnMap: true, isGeofence: false });
    release();
    expect((await underWay).map((p) => p.id)).not.toContain(id);
    expect((await repo.ofSite(siteId())).map((p) => p.id)).toContain(id);
  });
});
