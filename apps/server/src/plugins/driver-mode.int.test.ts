import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { NOT_IN_DRIVER_MODE_TEXT } from './access.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('driver mode and user mode never mix (issue 11)', () => {
  it('refuses a driver-mode session every user call', async () => {
    const driver = await t.driverSession('Leeds Depot');
    for (const url of [`vehicles?siteid=${driver.siteId}`, 'dashalerts', `groups?siteid=${driver.siteId}`, 'companies']) {
      const res = await t.call('GET', url, { token: driver.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ ok: 0, message: NOT_IN_DRIVER_MODE_TEXT });
    }
  });

  it("refuses a driver's account the office sign-in, even with the right password", async () => {
    const driver = await t.driverSession('Leeds Depot', 'Dana Driver');
    await t.database.pool.query('UPDATE users SET email = $1 WHERE id = $2', ['dana.driver@aire-valley.example', driver.userId]);
    const res = await t.call('POST', 'login', {
      body: { versionstring: 'DEV:231', user: 'dana.driver@aire-valley.example', pass: DEMO_PASSWORD, product: 'fleet' },
      headers: { host: await t.hostOfUser('ops.leeds@aire-valley.example') },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/driver's account/);
  });
});
