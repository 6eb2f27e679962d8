import { schema } from '@fleet/db';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { MapDefaults } from './brand-map.ts';

// Each brand's basemap (issue 10): the brand answer carries the style to draw, a super administrator
// sets a brand's own, and the CSP allows exactly the map hosts of the host's brand.

const NORTHWAY = 'northway.localhost';
const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});
async function app(map?: MapDefaults) {
  const t = await createTestApp(map ? { map } : {});
  apps.push(t);
  return t;
}
async function page(t: TestApp, host = 'localhost') {
  const res = await t.app.inject({ url: '/api/v1/brand', headers: { host } });
  return { csp: String(res.headers['content-security-policy']), brand: res.json().brand as { map: unknown } };
}

describe('with no map settings', () => {
  it('draws the public OpenStreetMap style and allows its one host, nothing wider', async () => {
    const t = await app();
    const { csp, brand } = await page(t);
    expect(brand.map).toEqual({ style: 'https://tiles.openfreemap.org/styles/liberty', satellite: null });
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws: wss: https://tiles.openfreemap.org");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://tiles.openfreemap.org");
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  });
});

describe('with MAP_STYLE_URL=none', () => {
  it('draws the bundled basemap only and allows no map host', async () => {
    const t = await app({ style: 'none', hosts: [] });
    const { csp, brand } = await page(t);
    expect(brand.map).toEqual({ style: null, satellite: null });
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws: wss:");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
  });
});

describe('with MAP_STYLE_URL, MAP_SATELLITE_STYLE_URL and MAP_HOSTS, and a brand of its own', async () => {
  const t = await app({ style: 'http://127.0.0.1:9/style.json', satellite: 'https://sat.example.com/styles/sat.json', hosts: ['https://tiles.example.com'] });
  const SUPER = { email: 'map.super@fleet.test', password: 'MapSuper!pass1' };
  await t.database.db.insert(schema.users).values({ email: SUPER.email, name: 'Map', usertype: 0, passwordHash: await hashPassword(SUPER.password) });
  const superToken = (await t.login(SUPER.email, SUPER.password)).token;
  const operatorToken = (await t.login('ops.leeds@aire-valley.example')).token;
  const set = (body: unknown, token = superToken) => t.call('POST', 'setbrandmap', { token, body });

  it('gives every brand that names none the installation style, and allows exactly its hosts', async () => {
    for (const host of ['localhost', NORTHWAY]) {
      const { csp, brand } = await page(t, host);
      expect(brand.map).toEqual({ style: 'http://127.0.0.1:9/style.json', satellite: 'https://sat.example.com/styles/sat.json' });
      expect(directive(csp, 'connect-src')).toBe(
        "connect-src 'self' ws: wss: http://127.0.0.1:9 https://sat.example.com https://tiles.example.com",
      );
      expect(csp).not.toContain('openfreemap');
    }
  });

  it('lets a super administrator give one brand its own map; its pages allow its hosts, the others keep theirs', async () => {
    const res = await set({ brand: 'northway', style: 'https://maps.northway.example/style.json', satellite: '', hosts: ['https://tiles.northway.example/'] });
    expect(res.json()).toMatchObject({ ok: 1 });
    const northway = await page(t, NORTHWAY);
    // Its own street map; the satellite still the installation's.
    expect(northway.brand.map).toEqual({ style: 'https://maps.northway.example/style.json', satellite: 'https://sat.example.com/styles/sat.json' });
    expect(directive(northway.csp, 'connect-src')).toBe(
      "connect-src 'self' ws: wss: https://maps.northway.example https://sat.example.com https://tiles.example.com https://tiles.northway.example",
    );
    expect(directive(northway.csp, 'img-src')).toContain('https://tiles.northway.example');
    const fleetwise = await page(t);
    expect(directive(fleetwise.csp, 'connect-src')).not.toContain('northway');
    const list = (await t.call('GET', 'brandmaps', { token: superToken })).json();
    expect(list.brands).toContainEqual(expect.objectContaining({
      key: 'northway', style: 'https://maps.northway.example/style.json', satellite: null, hosts: ['https://tiles.northway.example'],
    }));
  });

  it('refuses a bad address with a clear message and changes nothing', async () => {
    const before = (await page(t, NORTHWAY)).brand.map;
    const bad = await set({ brand: 'northway', style: 'javascript:alert(1)', satellite: null, hosts: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be a full http:// or https:// address');
    const badHost = await set({ brand: 'northway', style: 'https://a.example/s.json', hosts: ['https://a.example/path; script-src *'] });
    expect(badHost.statusCode).toBe(400);
    expect(badHost.body).toContain('must be an origin');
    const missing = await set({ brand: 'nobody', style: 'https://a.example/s.json' });
    expect(missing.statusCode).toBe(404);
    expect((await page(t, NORTHWAY)).brand.map).toEqual(before);
  });

  it('is for super administrators only', async () => {
    const res = await set({ brand: 'northway', style: null }, operatorToken);
    expect(res.statusCode).toBe(403);
    expect((await t.call('GET', 'brandmaps', { token: operatorToken })).statusCode).toBe(403);
  });

  it('clears a brand back to the installation map', async () => {
    expect((await set({ brand: 'northway', style: null, satellite: null })).json()).toMatchObject({ ok: 1 });
    const { csp, brand } = await page(t, NORTHWAY);
    expect(brand.map).toEqual({ style: 'http://127.0.0.1:9/style.json', satellite: 'https://sat.example.com/styles/sat.json' });
    expect(csp).not.toContain('northway');
  });
});
