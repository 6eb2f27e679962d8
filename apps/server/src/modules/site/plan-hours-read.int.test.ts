import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let unitId: number;

const plan = (token: string, uid: number | string) => t.call('GET', `serviceplan?uid=${uid}`, { token });
const hours = (token: string) => t.call('GET', 'workinghours', { token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  unitId = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [admin.siteid])).rows[0].id;
});
afterAll(async () => {
  await t.close();
});

describe('serviceplan', () => {
  it('answers an unplanned unit with nulls and not due', async () => {
    const res = await plan(ops.token, unitId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: 1, uid: unitId, duedate: null, duekm: null, duehours: null, due: false, detail: '' });
  });

  it('reads back what setserviceplan stored, and says when it is due by the Servicing rule', async () => {
    const body = { uid: unitId, duedate: '2099-03-01', duekm: 250_000, duehours: 12_000 };
    expect((await t.call('POST', 'setserviceplan', { token: admin.token, body })).json().ok).toBe(1);
    expect((await plan(ops.token, unitId)).json()).toMatchObject({ duedate: '2099-03-01', duekm: 250_000, duehours: 12_000, due: false });

    await t.call('POST', 'setserviceplan', { token: admin.token, body: { uid: unitId, duedate: '2020-01-01' } });
    const due = (await plan(admin.token, unitId)).json();
    expect(due).toMatchObject({ duedate: '2020-01-01', duekm: 250_000, due: true });
    expect(due.detail).toContain('date 2020-01-01 reached');
  });

  it("treats another site's or another tenant's unit as missing", async () => {
    const bradford = await t.login('admin.bradford@aire-valley.example');
    const northway = await t.login('admin@northway.example');
    for (const who of [bradford, northway]) {
      const res = await plan(who.token, unitId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ok: 0, message: 'No such unit.' });
    }
    expect((await plan(admin.token, 2_000_000_000)).statusCode).toBe(404);
  });

  it('refuses a bad uid', async () => {
    expect((await plan(admin.token, 'abc')).statusCode).toBe(400);
    expect((await plan(admin.token, -3)).statusCode).toBe(400);
    expect((await t.call('GET', 'serviceplan', { token: admin.token })).statusCode).toBe(400);
  });
});

describe('workinghours', () => {
  it("answers the site's default hours and time zone to any user of the site", async () => {
    expect((await hours(ops.token)).json()).toEqual({ ok: 1, days: [1, 2, 3, 4, 5], start: '06:00', end: '18:00', timezone: 'Europe/London' });
  });

  it('reads back what an administrator saved, for that site only', async () => {
    const body = { days: [1, 2, 3, 4, 5, 6], start: '22:00', end: '06:00' };
    expect((await t.call('POST', 'setworkinghours', { token: admin.token, body })).json().ok).toBe(1);
    expect((await hours(ops.token)).json()).toMatchObject(body);
    // Another site's and another tenant's administrators read their own site's hours, untouched.
    for (const email of ['admin.bradford@aire-valley.example', 'admin@northway.example']) {
      const other = await t.login(email);
      expect((await hours(other.token)).json()).toMatchObject({ days: [1, 2, 3, 4, 5], start: '06:00', end: '18:00' });
    }
  });

  it('is refused without a session, and operators still cannot change the hours', async () => {
    expect((await t.call('GET', 'workinghours')).statusCode).toBe(401);
    const res = await t.call('POST', 'setworkinghours', { token: ops.token, body: { days: [1], start: '07:00', end: '17:00' } });
    expect(res.statusCode).toBe(403);
    expect((await hours(ops.token)).json()).toMatchObject({ days: [1, 2, 3, 4, 5, 6], start: '22:00', end: '06:00' });
  });
});
