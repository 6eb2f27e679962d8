import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('site message', () => {
  it("lets a site administrator set the site's message, which its users read and other sites do not", async () => {
    const admin = await t.login('admin.leeds@aire-valley.example');
    const ops = await t.login('ops.leeds@aire-valley.example');
    const other = await t.login('ops@northway.example');
    const before = (await t.call('GET', 'sitemessage', { token: other.token })).json().message;
    const set = await t.call('POST', 'updatesitemessage', { token: admin.token, body: { msg: 'Gritting tonight: all drivers check in by 18:00.' } });
    expect(set.json().ok).toBe(1);
    expect((await t.call('GET', 'sitemessage', { token: ops.token })).json()).toMatchObject({ ok: 1, message: 'Gritting tonight: all drivers check in by 18:00.', siteid: ops.siteid });
    expect((await t.call('GET', 'sitemessage', { token: other.token })).json().message).toBe(before);
  });

  it('refuses operators and over-long messages, changing nothing', async () => {
    const ops = await t.login('ops.leeds@aire-valley.example');
    const admin = await t.login('admin.leeds@aire-valley.example');
    const denied = await t.call('POST', 'updatesitemessage', { token: ops.token, body: { msg: 'hello' } });
    expect(denied.json()).toEqual({ ok: 0, message: 'Not Admin' });
    const long = await t.call('POST', 'updatesitemessage', { token: admin.token, body: { msg: 'x'.repeat(2001) } });
    expect(long.statusCode).toBe(400);
    expect((await t.call('GET', 'sitemessage', { token: ops.token })).json().message).toBe('Gritting tonight: all drivers check in by 18:00.');
  });
});
