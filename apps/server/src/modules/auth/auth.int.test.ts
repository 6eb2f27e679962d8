import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const OPS = 'ops.leeds@aire-valley.example';
const loginBody = (user: string, pass: string) => ({ versionstring: 'LIVE:231', user, pass, product: 'fleet', profile: 'x' });

describe('login', () => {
  it('signs in with the right password and answers ok 1 with the user and token', async () => {
    const res = await t.call('POST', 'login?testing=1', { body: loginBody(OPS, DEMO_PASSWORD) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(1);
    expect(body.user.email).toBe(OPS);
    expect(body.user.sitename).toBe('Leeds Depot');
    expect(body.user.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user.menu.length).toBeGreaterThan(0);
    const fleet = body.user.menu.find((m: { rnid?: number }) => m.rnid === 1);
    expect(fleet.link).toBe(`${fleet.olink}/${body.user.routeuuid}`);
  });

  it('refuses a wrong password with ok 0 and a message, and the same for an unknown e-mail', async () => {
    const wrong = await t.call('POST', 'login', { body: loginBody(OPS, 'Nope!123456') });
    const unknown = await t.call('POST', 'login', { body: loginBody('nobody@example.com', 'Nope!123456') });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ok: 0, message: 'The e-mail address or password is not right.' });
    }
  });

  it('refuses a version string other than LIVE:231 or DEV:231', async () => {
    const res = await t.call('POST', 'login', { body: { ...loginBody(OPS, DEMO_PASSWORD), versionstring: 'LIVE:230' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(0);
    expect(res.json().message).toContain('versionstring');
  });

  it('locks an account after five failures in a row, even with the right password', async () => {
    const email = 'ops.bradford@aire-valley.example';
    for (let i = 0; i < 5; i++) await t.call('POST', 'login', { body: loginBody(email, 'Wrong!12345') });
    const res = await t.call('POST', 'login', { body: loginBody(email, DEMO_PASSWORD) });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many failed sign-ins/);
  });
});

describe('token', () => {
  it('accepts the token as a query parameter and as a bearer header', async () => {
    const user = await t.login(OPS);
    const q = await t.app.inject({ url: `/api/v1/user?token=${user.token}&instanceuuid=${user.instanceuuid}` });
    expect(q.json().ok).toBe(1);
    const h = await t.call('GET', 'user', { token: user.token });
    expect(h.json().user.userid).toBe(user.userid);
  });

  it('answers 401 with tokenerror for a bad token, no token, or another client instance', async () => {
    const user = await t.login(OPS);
    const cases = [
      await t.call('GET', 'user', { token: 'not-a-token' }),
      await t.call('GET', 'user'),
      await t.app.inject({ url: `/api/v1/user?token=${user.token}&instanceuuid=someone-else` }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ok: 0, tokenerror: 1 });
    }
  });

  it('ends the session on logout', async () => {
    const user = await t.login(OPS);
    expect((await t.call('POST', 'logout', { token: user.token, body: {} })).json().ok).toBe(1);
    const after = await t.call('GET', 'user', { token: user.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().tokenerror).toBe(1);
  });
});
