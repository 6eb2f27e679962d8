import { schema } from '@fleet/db';
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';

let t: TestApp;
let leeds: SessionUser;
let northway: SessionUser;
let dispatch: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  leeds = await t.login('ops.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  dispatch = await t.login('dispatch@aire-valley.example');
});
afterAll(async () => { await t.close(); });

const SITE_LISTS = ['vehicles', 'drivers', 'groups', 'poi'] as const;

describe('a user sees only their own sites', () => {
  it.each(SITE_LISTS)('%s?siteid of the own site answers ok 1 with data', async (call) => {
    const res = await t.call('GET', `${call}?siteid=${leeds.siteid}`, { token: leeds.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(1);
    const list = Object.values(body).find(Array.isArray) as unknown[];
    expect(list.length).toBeGreaterThan(0);
  });

  it.each(SITE_LISTS)("%s?siteid of another tenant's site is refused like a site that does not exist", async (call) => {
    const other = await t.call('GET', `${call}?siteid=${northway.siteid}`, { token: leeds.token });
    const missing = await t.call('GET', `${call}?siteid=999999`, { token: leeds.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ ok: 0, message: 'No such site.' });
    expect(missing.statusCode).toBe(other.statusCode);
    expect(missing.json()).toEqual(other.json());
  });

  it("units?cid of another customer is refused, and the own customer's units are listed", async () => {
    const own = await t.call('GET', `units?cid=${leeds.customerid}`, { token: leeds.token });
    expect(own.json().ok).toBe(1);
    expect(own.json().units.every((u: { siteid: number }) => u.siteid === leeds.siteid)).toBe(true);
    const other = await t.call('GET', `units?cid=${northway.customerid}`, { token: leeds.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ ok: 0, message: 'No such customer.' });
  });

  it('companies and customers list only the caller\'s customers and sites', async () => {
    const companies = (await t.call('GET', 'companies', { token: leeds.token })).json();
    expect(companies.companies).toEqual([{ companyid: leeds.customerid, name: 'Aire Valley Logistics', sites: 1 }]);
    const customers = (await t.call('GET', 'customers', { token: dispatch.token })).json();
    expect(customers.customers).toHaveLength(1);
    expect(customers.customers[0].sites.map((s: { sitename: string }) => s.sitename).sort()).toEqual(['Bradford Yard', 'Leeds Depot']);
    const foreign = await t.call('GET', `customers?cid=${northway.customerid}`, { token: leeds.token });
    expect(foreign.json()).toEqual({ ok: 0, message: 'No such customer.' });
  });
});

describe('pick', () => {
  it('switches to another of the caller\'s sites with a new token and route uuid', async () => {
    const me = await t.login('dispatch@aire-valley.example');
    const customers = (await t.call('GET', 'customers', { token: me.token })).json().customers;
    const bradford = customers[0].sites.find((s: { sitename: string }) => s.sitename === 'Bradford Yard');
    const res = await t.call('GET', `pick?companyid=${me.customerid}&cid=${bradford.siteid}`, { token: me.token });
    const user = res.json().user as SessionUser;
    expect(user.sitename).toBe('Bradford Yard');
    expect(user.token).not.toBe(me.token);
    expect(user.routeuuid).not.toBe(me.routeuuid);
    expect((await t.call('GET', 'user', { token: me.token })).statusCode).toBe(401);
  });

  it("refuses another tenant's customer or site", async () => {
    const a = await t.call('GET', `pick?companyid=${northway.customerid}`, { token: leeds.token });
    expect(a.statusCode).toBe(404);
    const b = await t.call('GET', `pick?companyid=${leeds.customerid}&cid=${northway.siteid}`, { token: leeds.token });
    expect(b.json()).toEqual({ ok: 0, message: 'No such site.' });
  });
});

describe('super administrator', () => {
  it("sees every customer and every site of their brand, none of another brand's (issue 15)", async () => {
    await t.database.db.insert(schema.users).values({
      email: 'root@fleet.test', name: 'Root', usertype: 0, passwordHash: await hashPassword('Root!pass123'),
    });
    const root = await t.login('root@fleet.test', 'Root!pass123');
    const companies = (await t.call('GET', 'companies', { token: root.token })).json().companies;
    // root has no customer: the default brand's (Aire Valley's) super administrator.
    expect(companies.map((c: { name: string }) => c.name).sort()).toEqual(['Aire Valley Logistics']);
    const res = await t.call('GET', `vehicles?siteid=${northway.siteid}`, { token: root.token });
    expect(res.statusCode).toBe(404);
  });
});

describe('admin check', () => {
  it("refuses the outbox to an operator with 'Not Admin' and shows it to a site administrator", async () => {
    const res = await t.call('GET', 'outbox', { token: leeds.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ok: 0, message: 'Not Admin' });
    const admin = await t.login('admin.leeds@aire-valley.example');
    await t.call('POST', 'resetpassword', { body: { email: 'ops.leeds@aire-valley.example' } });
    await t.call('POST', 'resetpassword', { body: { email: 'ops@northway.example' } });
    await t.settled();
    const mails = (await t.call('GET', 'outbox', { token: admin.token })).json().mails as { to: string }[];
    expect(mails.map((m) => m.to)).toContain('ops.leeds@aire-valley.example');
    expect(mails.map((m) => m.to)).not.toContain('ops@northway.example');
  });
});
