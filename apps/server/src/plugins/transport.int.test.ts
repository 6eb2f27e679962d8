import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, XSRF, type TestApp } from '../../test/harness.ts';

// Issue 8 (hardening), the transport layer: whose address and host are believed, which path every
// check decides on, and what reaches the log.

const login = { versionstring: 'DEV:231', user: 'nobody@example.com', pass: 'wrong-password' };
const browser = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

function logCapture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => { lines.push(line); } } };
}

/** Failed sign-ins, each claiming another client address in X-Forwarded-For; their status codes. */
async function signInsFromRotatingAddresses(t: TestApp, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/login', payload: { ...login, user: `nobody${i}@example.com` }, headers: { ...browser, 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('client address and host: only configured proxies are believed', () => {
  it('keeps the per-address sign-in limit when a client rotates X-Forwarded-For', async () => {
    const log = logCapture();
    const t = await createTestApp({ limits: { perAddressPerMinute: 3 }, logLevel: 'info', logStream: log.stream });
    try {
      const codes = await signInsFromRotatingAddresses(t, 6);
      expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
      // The log records the connection's address, not the one the client wrote.
      const text = log.lines.join('');
      expect(text).toContain('"remoteAddress":"127.0.0.1"');
      expect(text).not.toContain('203.0.113.');
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For and X-Forwarded-Host from a configured proxy only', async () => {
    const t = await createTestApp({ limits: { perAddressPerMinute: 3 }, trustProxy: ['127.0.0.1'] });
    try {
      const codes = await signInsFromRotatingAddresses(t, 6);
      expect(codes).toEqual([401, 401, 401, 401, 401, 401]);
      const brand = await t.app.inject({ url: '/api/v1/brand', headers: { 'x-forwarded-host': 'northway.localhost' } });
      expect(brand.json().brand.name).toBe('Northway Telematics');
    } finally {
      await t.close();
    }
  });
});

describe('answers that depend on the host', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fleet-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('ignores a client-set X-Forwarded-Host when no proxy is configured', async () => {
    for (const url of ['/api/v1/brand', '/', '/manifest.webmanifest']) {
      const plain = await t.app.inject({ url });
      const spoofed = await t.app.inject({ url, headers: { 'x-forwarded-host': 'northway.localhost' } });
      expect(spoofed.body).toBe(plain.body);
    }
    expect((await t.app.inject({ url: '/api/v1/brand', headers: { 'x-forwarded-host': 'northway.localhost' } })).json().brand.name).toBe('Fleetwise');
  });

  it('sends Vary: Host, X-Forwarded-Host on every brand answer and asset and on the branded index page', async () => {
    for (const url of ['/api/v1/brand', '/brand/logo.svg', '/brand/favicon.svg', '/manifest.webmanifest', '/', '/tabs/tabs/fleet']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      const vary = String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);
      expect(vary, url).toEqual(expect.arrayContaining(['host', 'x-forwarded-host']));
    }
  });
});

describe('every check decides on the decoded path', () => {
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

  it("refuses a POST to '/%61pi/v1/login' without the anti-forgery token", async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/%61pi/v1/login', payload: { versionstring: 'DEV:231', user: 'ops.leeds@aire-valley.example', pass: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().ok).toBe(0);
  });

  it("sends no-store and refuses repeated parameters however '/api' is spelled", async () => {
    for (const prefix of ['/%61pi', '/%61%70%69', '/a%70i']) {
      const health = await t.app.inject({ url: `${prefix}/v1/health` });
      expect(health.statusCode, prefix).toBe(200);
      expect(health.headers['cache-control'], prefix).toBe('no-store');
      const repeated = await t.app.inject({ url: `${prefix}/v1/vehicles?siteid=${siteid}&siteid=${siteid}`, headers: { authorization: `Bearer ${token}` } });
      expect(repeated.statusCode, prefix).toBe(400);
      expect(repeated.json().message).toBe("The query parameter 'siteid' is given more than once.");
      const miss = await t.app.inject({ method: 'POST', url: `${prefix}/v1/nothing-here`, headers: browser });
      expect(miss.statusCode, prefix).toBe(404);
      expect(miss.json().message).toBe('There is no call POST /api/v1/nothing-here.');
    }
  });
});

describe('secrets never reach the log', () => {
  it("redacts a token however its parameter is spelled ('to%6Ben=')", async () => {
    const log = logCapture();
    const t = await createTestApp({ logLevel: 'info', logStream: log.stream });
    try {
      const user = await t.login('ops.leeds@aire-valley.example');
      for (const name of ['to%6Ben', '%74%6f%6b%65%6e', 'token']) {
        const res = await t.app.inject({ url: `/api/v1/user?${name}=${encodeURIComponent(user.token)}` });
        expect(res.statusCode).toBe(200);
      }
      await t.app.inject({ url: `/%72esetpassword/${encodeURIComponent('ops.leeds@aire-valley.example')}/RESETGUID123` });
      const text = log.lines.join('');
      expect(text).toContain('/api/v1/user?token=[redacted]');
      expect(text).not.toContain(user.token);
      expect(text).not.toContain(encodeURIComponent(user.token));
      expect(text).not.toContain('RESETGUID123');
    } finally {
      await t.close();
    }
  });
});
