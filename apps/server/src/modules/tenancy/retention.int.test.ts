import { schema } from '@fleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';

// Issue 12: how many months of positions a customer keeps is set by a super administrator only
// (setretention); the daily partition upkeep applies it (ingest/partitions.int.test.ts).

const SUPER = { email: 'retention.super@fleet.test', password: 'Retention!pass1' };
let t: TestApp;
let superToken: string;
let cid: number;

const retentionOf = async (id: number) =>
  (await t.database.pool.query('SELECT position_retention_months AS m FROM customers WHERE id = $1', [id])).rows[0]?.m as number | null;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(schema.users).values({ email: SUPER.email, name: 'Retention', usertype: 0, passwordHash: await hashPassword(SUPER.password) });
  superToken = (await t.login(SUPER.email, SUPER.password)).token;
  cid = (await t.database.pool.query(`SELECT id FROM customers WHERE name = 'Aire Valley Logistics'`)).rows[0].id as number;
});

afterAll(async () => {
  await t?.close();
});

describe('setretention', () => {
  it('lets a super administrator set a customer\'s months of positions, and back to keeping all', async () => {
    expect(await retentionOf(cid)).toBeNull();
    const set = await t.call('POST', 'setretention', { token: superToken, body: { cid, months: 18 } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ ok: 1, customer: { cid, name: 'Aire Valley Logistics', months: 18 } });
    expect(set.json().message).toContain('18 months');
    expect(await retentionOf(cid)).toBe(18);

    const all = await t.call('POST', 'setretention', { token: superToken, body: { cid, months: null } });
    expect(all.json()).toMatchObject({ ok: 1, customer: { cid, months: null } });
    expect(await retentionOf(cid)).toBeNull();
  });

  it('refuses a customer administrator and an operator, changing nothing', async () => {
    await t.database.pool.query('UPDATE customers SET position_retention_months = 24 WHERE id = $1', [cid]);
    for (const email of ['admin.leeds@aire-valley.example', 'ops.leeds@aire-valley.example']) {
      const token = (await t.login(email)).token;
      const res = await t.call('POST', 'setretention', { token, body: { cid, months: 1 } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ok: 0, message: 'Only a super administrator may do this.' });
    }
    expect(await retentionOf(cid)).toBe(24);
  });

  it('answers a bad value with a clear message and changes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ cid, months: 0 }, /months.*1 or more/],
      [{ cid, months: -3 }, /months.*1 or more/],
      [{ cid, months: 1201 }, /months.*at most 1200/],
      [{ cid, months: 2.5 }, /months.*whole number/],
      [{ cid, months: 'six' }, /months/],
      [{ cid }, /months/],
      [{ months: 6 }, /cid/],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', 'setretention', { token: superToken, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().ok).toBe(0);
      expect(res.json().message).toMatch(message);
    }
    const missing = await t.call('POST', 'setretention', { token: superToken, body: { cid: 999_999, months: 6 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ok: 0, message: 'No such customer.' });
    expect(await retentionOf(cid)).toBe(24);
  });
});
