import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// Issue 10: one unit system per site, set by its administrator on the config page; what the site's
// users read (the session's `unitsystem`, the location texts the server writes) follows it.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** About 3 km west of central Bradford: no demo place there, so the text is the nearest town's. */
const REVERSE = 'reverse?lat=53.7935&lng=-1.8';
const systemOfSite = async (siteId: number | null) =>
  (await t.database.pool.query<{ unit_system: string }>('SELECT unit_system FROM sites WHERE id = $1', [siteId])).rows[0]?.unit_system;

beforeEach(async () => {
  await t.database.pool.query("UPDATE sites SET unit_system = 'imperial'");
  // The repository keeps a site's system a few seconds; a write through the call forgets it, this one does not.
  const admin = await t.login('admin.leeds@aire-valley.example');
  await t.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'imperial' } });
});

describe('site unit system', () => {
  it('starts imperial: the session says so and distances are in miles', async () => {
    const ops = await t.login('ops.leeds@aire-valley.example');
    expect(ops.unitsystem).toBe('imperial');
    expect((await t.call('GET', REVERSE, { token: ops.token })).json().loc).toMatch(/^\d+\.\d mi from \S/);
  });

  it("lets the site administrator choose metric: the site's users read km, another site keeps miles", async () => {
    const admin = await t.login('admin.leeds@aire-valley.example');
    const ops = await t.login('ops.leeds@aire-valley.example');
    const bradford = await t.login('ops.bradford@aire-valley.example');
    const set = await t.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'metric' } });
    expect(set.json()).toEqual({ ok: 1 });
    expect(await systemOfSite(admin.siteid)).toBe('metric');
    expect((await t.call('GET', 'user', { token: ops.token })).json().user.unitsystem).toBe('metric');
    expect((await t.call('GET', REVERSE, { token: ops.token })).json().loc).toMatch(/^\d+\.\d km from \S/);
    expect((await t.call('GET', 'user', { token: bradford.token })).json().user.unitsystem).toBe('imperial');
    expect((await t.call('GET', REVERSE, { token: bradford.token })).json().loc).toMatch(/^\d+\.\d mi from \S/);
  });

  it('refuses an operator, changing nothing', async () => {
    const ops = await t.login('ops.leeds@aire-valley.example');
    const denied = await t.call('POST', 'setunitsystem', { token: ops.token, body: { system: 'metric' } });
    expect(denied.json()).toEqual({ ok: 0, message: 'Not Admin' });
    expect(await systemOfSite(ops.siteid)).toBe('imperial');
  });

  it("never reaches another customer's site: only the caller's current site changes, and a site id is refused", async () => {
    const leeds = await t.login('ops.leeds@aire-valley.example');
    const other = await t.login('admin@northway.example');
    const named = await t.call('POST', 'setunitsystem', { token: other.token, body: { system: 'metric', siteid: leeds.siteid } });
    expect(named.statusCode).toBe(400);
    expect(await systemOfSite(leeds.siteid)).toBe('imperial');
    expect(await systemOfSite(other.siteid)).toBe('imperial');
    expect((await t.call('POST', 'setunitsystem', { token: other.token, body: { system: 'metric' } })).json()).toEqual({ ok: 1 });
    expect(await systemOfSite(other.siteid)).toBe('metric');
    expect(await systemOfSite(leeds.siteid)).toBe('imperial');
    expect((await t.call('GET', 'user', { token: leeds.token })).json().user.unitsystem).toBe('imperial');
  });

  it('answers a bad value with a clear 400 and changes nothing', async () => {
    const admin = await t.login('admin.leeds@aire-valley.example');
    for (const body of [{ system: 'furlongs' }, { system: 'METRIC' }, {}, { system: 1 }]) {
      const bad = await t.call('POST', 'setunitsystem', { token: admin.token, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().ok).toBe(0);
      expect(bad.json().message).toMatch(/system/);
    }
    const named = await t.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'furlongs' } });
    expect(named.json().message).toContain("the unit system must be 'imperial' or 'metric'");
    expect(await systemOfSite(admin.siteid)).toBe('imperial');
  });
});
