import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// Issue 10: one unit system per site, set by its administrator on the config page; what the site's
// users read (the session's `units`, the location texts the server writes) follows it.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** About 3 km west of central Bradford: no demo place there, so the text is the nearest town's. */
const REVERSE = 'reverse?lat=53.7935&lng=-1.8';
const unitsOfSite = async (siteId: number | null) =>
  (await t.database.pool.query<{ units: string }>('SELECT units FROM sites WHERE id = $1', [siteId])).rows[0]?.units;

beforeEach(async () => {
  await t.database.pool.query("UPDATE sites SET units = 'imperial'");
  // The repository keeps a site's system a few seconds; a write through the call forgets it, this one does not.
  const admin = await t.login('admin.leeds@aire-valley.example');
  await t.call('POST', 'setsiteunits', { token: admin.token, body: { units: 'imperial' } });
});

describe('site unit system', () => {
  it('starts imperial: the session says so and distances are in miles', async () => {
    const ops = await t.login('ops.leeds@aire-valley.example');
    expect(ops.units).toBe('imperial');
    expect((await t.call('GET', REVERSE, { token: ops.token })).json().loc).toMatch(/^\d+\.\d mi from \S/);
  });

  it("lets the site administrator choose metric: the site's users read km, another site keeps miles", async () => {
    const admin = await t.login('admin.leeds@aire-valley.example');
    const ops = await t.login('ops.leeds@aire-valley.example');
    const bradford = await t.login('ops.bradford@aire-valley.example');
    const set = await t.call('POST', 'setsiteunits', { token: admin.token, body: { units: 'metric' } });
    expect(set.json()).toEqual({ ok: 1 });
    expect(await unitsOfSite(admin.siteid)).toBe('metric');
    expect((await t.call('GET', 'user', { token: ops.token })).json().user.units).toBe('metric');
    expect((await t.call('GET', REVERSE, { token: ops.token })).json().loc).toMatch(/^\d+\.\d km from \S/);
    expect((await t.call('GET', 'user', { token: bradford.token })).json().user.units).toBe('imperial');
    expect((await t.call('GET', REVERSE, { token: bradford.token })).json().loc).toMatch(/^\d+\.\d mi from \S/);
  });

  it('refuses an operator, changing nothing', async () => {
    const ops = await t.login('ops.leeds@aire-valley.example');
    const denied = await t.call('POST', 'setsiteunits', { token: ops.token, body: { units: 'metric' } });
    expect(denied.json()).toEqual({ ok: 0, message: 'Not Admin' });
    expect(await unitsOfSite(ops.siteid)).toBe('imperial');
  });

  it("never reaches another customer's site: only the caller's current site changes, and a site id is refused", async () => {
    const leeds = await t.login('ops.leeds@aire-valley.example');
    const other = await t.login('admin@northway.example');
    const named = await t.call('POST', 'setsiteunits', { token: other.token, body: { units: 'metric', siteid: leeds.siteid } });
    expect(named.statusCode).toBe(400);
    expect(await unitsOfSite(leeds.siteid)).toBe('imperial');
    expect(await unitsOfSite(other.siteid)).toBe('imperial');
    expect((await t.call('POST', 'setsiteunits', { token: other.token, body: { units: 'metric' } })).json()).toEqual({ ok: 1 });
    expect(await unitsOfSite(other.siteid)).toBe('metric');
    expect(await unitsOfSite(leeds.siteid)).toBe('imperial');
    expect((await t.call('GET', 'user', { token: leeds.token })).json().user.units).toBe('imperial');
  });

  it('answers a bad value with a clear 400 and changes nothing', async () => {
    const admin = await t.login('admin.leeds@aire-valley.example');
    for (const body of [{ units: 'furlongs' }, { units: 'METRIC' }, {}, { units: 1 }]) {
      const bad = await t.call('POST', 'setsiteunits', { token: admin.token, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().ok).toBe(0);
      expect(bad.json().message).toMatch(/units/);
    }
    const named = await t.call('POST', 'setsiteunits', { token: admin.token, body: { units: 'furlongs' } });
    expect(named.json().message).toContain("units must be 'imperial' or 'metric'");
    expect(await unitsOfSite(admin.siteid)).toBe('imperial');
  });
});
