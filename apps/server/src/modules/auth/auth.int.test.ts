import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, XSRF, type TestApp } from '../../../test/harness.ts';
import { DEVICE_COOKIE } from './auth.routes.ts';

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

  it('answers a disabled account with its message only after the right password', async () => {
    const email = 'admin.bradford@aire-valley.example';
    await t.database.pool.query('UPDATE users SET disabled = true WHERE lower(email) = $1', [email]);
    const wrong = await t.call('POST', 'login', { body: loginBody(email, 'Nope!123456') });
    expect(wrong.json()).toEqual({ ok: 0, message: 'The e-mail address or password is not right.' });
    const right = await t.call('POST', 'login', { body: loginBody(email, DEMO_PASSWORD) });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ ok: 0, message: 'This account has been disabled.' });
    await t.database.pool.query('UPDATE users SET disabled = false WHERE lower(email) = $1', [email]);
  });
});

describe('failed sign-ins slow the guesser, not the owner', () => {
  const email = 'ops.bradford@aire-valley.example';
  const fail = (user = email, cookie?: string) =>
    t.call('POST', 'login', { body: loginBody(user, 'Wrong!12345'), headers: cookie ? { cookie: `XSRF-TOKEN=${XSRF}; ${cookie}` } : {} });
  const signIn = (cookie?: string) =>
    t.call('POST', 'login', { body: loginBody(email, DEMO_PASSWORD), headers: cookie ? { cookie: `XSRF-TOKEN=${XSRF}; ${cookie}` } : {} });

  it('sets a device cookie on sign-in: random, httpOnly, SameSite=Strict, only for the sign-in call, stored hashed', async () => {
    const res = await signIn();
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/login' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const stored = await t.database.pool.query<{ token_hash: string }>('SELECT token_hash FROM device_cookies');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(cookie?.value);
  });

  it('makes an account wait after five failures (the wait in words), but lets its known device in', async () => {
    const device = (await signIn()).cookies.find((c) => c.name === DEVICE_COOKIE);
    for (let i = 0; i < 5; i++) expect((await fail()).statusCode).toBe(401);
    const held = await signIn();
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many failed sign-ins for this account\. Try again in \d+ seconds?\.$/);
    const owner = await signIn(`${DEVICE_COOKIE}=${device?.value}`);
    expect(owner.statusCode).toBe(200);
  });

  it('lets the right password through once the short wait has passed, from any device', async () => {
    for (let i = 0; i < 5; i++) await fail();
    expect((await signIn()).statusCode).toBe(429);
    // Time itself is the condition: the 1 s hold must run out (asking sooner would be another attempt).
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signIn()).statusCode).toBe(200);
  });

  it('counts failures from a known device against that device, not the account', async () => {
    const device = `${DEVICE_COOKIE}=${(await signIn()).cookies.find((c) => c.name === DEVICE_COOKIE)?.value}`;
    for (let i = 0; i < 5; i++) await fail(email, device);
    expect((await signIn(device)).statusCode).toBe(429);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('answers an unknown address the same way, without holding it as an account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await fail('nobody.here@example.com')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const res = await fail('nobody.here@example.com');
    expect(res.json().message).toMatch(/^Too many failed sign-ins for this account\./);
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
