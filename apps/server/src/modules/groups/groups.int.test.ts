import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ops: SessionUser;
let other: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  other = await t.login('ops@northway.example');
});
afterAll(async () => { await t.close(); });

describe('groups', () => {
  it('creates a group, sets its vehicles, and lists it once it holds one', async () => {
    const id = (await t.call('POST', 'addgroup', { token: ops.token, body: { name: 'Night gritters' } })).json().id;
    const listed = () => t.call('GET', `groups?siteid=${ops.siteid}`, { token: ops.token }).then((r) => r.json().groups.map((g: { id: number }) => g.id));
    expect(await listed()).not.toContain(id);
    const units = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 2', [ops.siteid])).rows.map((r) => r.id);
    expect((await t.call('POST', 'groupunits', { token: ops.token, body: { id, units } })).json().ok).toBe(1);
    expect(await listed()).toContain(id);
    const foreign = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 LIMIT 1', [other.siteid])).rows[0].id;
    expect((await t.call('POST', 'groupunits', { token: ops.token, body: { id, units: [foreign] } })).statusCode).toBe(404);
  });
});
