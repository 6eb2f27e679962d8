import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, XSRF, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let token: string;
let siteid: number | null;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.login('ops.leeds@aire-valley.example');
  token = user.token;
  siteid = user.siteid;
});
afterAll(async () => { await t.close(); });

const login = { versionstring: 'DEV:231', user: 'ops.leeds@aire-valley.example', pass: DEMO_PASSWORD };

describe('bad input is refused with 400 and ok 0', () => {
  it('refuses unknown fields in a body', async () => {
    const res = await t.call('POST', 'login', { body: { ...login, admin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(0);
  });

  it('refuses wrong types', async () => {
    const res = await t.call('POST', 'login', { body: { ...login, pass: 12345 } });
    expect(res.statusCode).toBe(400);
    const q = await t.call('GET', 'vehicles?siteid=abc', { token });
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toContain('siteid');
  });

  it('refuses unknown query parameters', async () => {
    const res = await t.call('GET', `vehicles?siteid=${siteid}&all=1`, { token });
    expect(res.statusCode).toBe(400);
  });

  it('refuses repeated query parameters', async () => {
    const res = await t.call('GET', `vehicles?siteid=${siteid}&siteid=${siteid}`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: 0, message: "The query parameter 'siteid' is given more than once." });
  });

  it('refuses malformed JSON', async () => {
    const res = await t.call('POST', 'login', { body: '{"user": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: 0, message: 'The request body is not valid JSON.' });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ ...login, profile: 'x'.repeat(1024 * 1024) });
    const res = await t.call('POST', 'login', { body: big, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().ok).toBe(0);
  });

  it('answers an unknown call with 404 and ok 0', async () => {
    const res = await t.call('GET', 'nosuchcall', { token });
    expect(res.statusCode).toBe(404);
    expect(res.json().ok).toBe(0);
  });
});

describe('anti-forgery', () => {
  it('refuses a POST without the header, or with a header that does not match the cookie', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: login });
    expect(none.statusCode).toBe(403);
    expect(none.json().ok).toBe(0);
    const wrong = await t.app.inject({
      method: 'POST', url: '/api/v1/login', payload: login, headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': 'other' },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('sets the XSRF-TOKEN cookie readable by the page', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,};/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });
});

describe('headers and health', () => {
  it('sends the security headers and no-store on API answers', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers health with ok 1 and the version', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.json()).toMatchObject({ ok: 1, version: 'test' });
  });

  it('serves API docs generated from the schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/login', '/api/v1/vehicles', '/api/v1/pick']));
    expect(JSON.stringify(doc.paths['/api/v1/login'])).toContain('versionstring');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per address', async () => {
    const limited = await (await import('../../test/harness.ts')).createTestApp({ limits: { perAddressPerMinute: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await limited.call('POST', 'login', { body: { ...login, user: `x${i}@example.com` } })).statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
