import { schema } from '@fleet/db';
import type { BrandRecord } from '@fleet/shared';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { brandService } from './brand.service.ts';

// The brand editor (issue 15): super administrators edit the white label, in force at once on the
// brand's host (pages, icons, manifest, CSP) without a restart, SVGs sanitised, host names unique.

const NORTHWAY = 'northway.localhost';
const ROOT = { email: 'root.brands@fleet.test', password: 'RootBrands!pass1' };
const NORTH_SUPER = { email: 'super@northway.example', password: 'NorthSuper!pass1' };
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#7a1f5c"/><text x="10" y="27" font-size="18" fill="#fff">Edited</text></svg>';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#7a1f5c"/></svg>';

let t: TestApp;
let webDist: string;
let root: string;
let northSuper: string;
let siteAdmin: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'fleet-brands-'));
  await writeFile(path.join(webDist, 'index.html'), '<html><head><title>Fleet</title></head><body></body></html>');
  t = await createTestApp({ webDist });
  const { rows: [northway] } = await t.database.pool.query<{ id: number }>(`SELECT id FROM customers WHERE name = 'Northway Civils'`);
  await t.database.db.insert(schema.users).values([
    { email: ROOT.email, name: 'Root Brands', usertype: 0, passwordHash: await hashPassword(ROOT.password) },
    { email: NORTH_SUPER.email, name: 'North Super', usertype: 0, customerId: northway!.id, passwordHash: await hashPassword(NORTH_SUPER.password) },
  ]);
  root = (await t.login(ROOT.email, ROOT.password)).token;
  northSuper = (await t.login(NORTH_SUPER.email, NORTH_SUPER.password)).token;
  siteAdmin = (await t.login('admin.leeds@aire-valley.example')).token;
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

async function brandsOf(token: string) {
  const res = await t.call('GET', 'brands', { token });
  expect(res.statusCode).toBe(200);
  return res.json() as { brands: BrandRecord[]; canAdd: boolean };
}
async function northway(): Promise<BrandRecord> {
  const b = (await brandsOf(root)).brands.find((x) => x.key === 'northway');
  if (!b) throw new Error('no northway brand');
  return b;
}
/** The editor's record as savebrand takes it, with changes. */
function body(b: BrandRecord, changes: Record<string, unknown> = {}) {
  return {
    id: b.id, hosts: b.hosts, name: b.name, strapline: b.strapline, themeColor: b.themeColor, logoSvg: b.logoSvg, faviconSvg: b.faviconSvg,
    senderAddress: b.senderAddress, privacyUrl: b.privacyUrl, publicUrl: b.publicUrl, mapStyle: b.mapStyle, mapSatellite: b.mapSatellite,
    mapHosts: b.mapHosts, ...changes,
  };
}
const publicBrand = async (host: string) => (await t.app.inject({ url: '/api/v1/brand', headers: { host } })).json().brand as { name: string; themeColor: string; logoUrl: string };
async function auditLines(action: string, targetId: number) {
  const { rows } = await t.database.pool.query<{ actor_name: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    `SELECT actor_name, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`, [action, String(targetId)]);
  return rows;
}

describe('brands', () => {
  it("shows the default brand's super administrators every brand, a brand's own super administrator only theirs", async () => {
    const all = await brandsOf(root);
    expect(all.canAdd).toBe(true);
    expect(all.brands.map((b) => b.key)).toEqual(expect.arrayContaining(['fleetwise', 'northway']));
    const own = await brandsOf(northSuper);
    expect(own).toMatchObject({ canAdd: false, brands: [{ key: 'northway', hosts: [NORTHWAY] }] });
  });

  it('refuses site administrators (403)', async () => {
    const res = await t.call('GET', 'brands', { token: siteAdmin });
    expect(res.statusCode).toBe(403);
    expect((await t.call('POST', 'savebrand', { token: siteAdmin, body: body(await northway(), { name: 'Nope' }) })).statusCode).toBe(403);
    expect((await northway()).name).not.toBe('Nope');
  });
});

describe('savebrand', () => {
  it("puts an edit in force at once on the brand's host: brand answer, page head, manifest, logo and CSP, and audits it", async () => {
    const before = await northway();
    await publicBrand(NORTHWAY); // cached now
    const res = await t.call('POST', 'savebrand', {
      token: root,
      body: body(before, {
        name: 'Northway Fleet Live', strapline: 'Edited without a restart', themeColor: '#7A1F5C', logoSvg: LOGO, faviconSvg: FAVICON,
        mapStyle: 'https://maps.northway.example/style.json', mapHosts: ['https://tiles.northway.example'],
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().brand).toMatchObject({ name: 'Northway Fleet Live', themeColor: '#7a1f5c', logoSvg: LOGO });

    const brand = await publicBrand(NORTHWAY);
    expect(brand).toMatchObject({ name: 'Northway Fleet Live', themeColor: '#7a1f5c' });
    const page = await t.app.inject({ url: '/login', headers: { host: NORTHWAY } });
    expect(page.body).toContain('<title>Northway Fleet Live</title>');
    expect(page.body).toContain('<meta name="theme-color" content="#7a1f5c">');
    expect(String(page.headers['content-security-policy'])).toContain('https://tiles.northway.example');
    const manifest = (await t.app.inject({ url: '/manifest.webmanifest', headers: { host: NORTHWAY } })).json();
    expect(manifest).toMatchObject({ name: 'Northway Fleet Live', theme_color: '#7a1f5c' });
    const logo = await t.app.inject({ url: brand.logoUrl, headers: { host: NORTHWAY } });
    expect(logo.body).toBe(LOGO);
    expect(brand.logoUrl).not.toBe(`/brand/logo.svg?v=${before.id}`);
    // The other brand's host is untouched.
    expect((await publicBrand('localhost')).name).toBe('Fleetwise');

    const [line] = await auditLines('brand.edit', before.id);
    expect(line).toMatchObject({ actor_name: 'Root Brands', before: { name: before.name }, after: { name: 'Northway Fleet Live' } });
    expect(String(line?.after?.logoSvg)).toMatch(/^sha256:[0-9a-f]{12} \(\d+ characters\)$/);
  });

  it('sanitises the logo and favicon: no script, event handler or outside reference is kept', async () => {
    const b = await northway();
    const hostile = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>'
      + '<image href="https://evil.example/x.png" width="10" height="10"/><rect width="10" height="10" fill="url(https://evil.example/#p)" style="fill:#123456"/></svg>';
    const res = await t.call('POST', 'savebrand', { token: root, body: body(b, { logoSvg: hostile, faviconSvg: hostile }) });
    expect(res.statusCode).toBe(200);
    const kept = (await northway()).logoSvg;
    expect(kept).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" style="fill:#123456"/></svg>');
    const served = await t.app.inject({ url: '/brand/favicon.svg', headers: { host: NORTHWAY } });
    expect(served.body).not.toMatch(/script|onload|evil/);
  });

  it('refuses what is not an SVG, a bad colour and a bad link with 400, changing nothing', async () => {
    const b = await northway();
    for (const [changes, message] of [
      [{ logoSvg: '<html><script>alert(1)</script></html>' }, /The logo is not an SVG image that can be used/],
      [{ faviconSvg: '<svg><!DOCTYPE x></svg>' }, /The favicon is not an SVG image/],
      [{ themeColor: 'red' }, /themeColor.*#rrggbb/],
      [{ privacyUrl: 'javascript:alert(1)' }, /privacyUrl/],
      [{ hosts: ['http://x.example/'] }, /hosts/],
      [{ senderAddress: 'not an address' }, /senderAddress/],
    ] as const) {
      const res = await t.call('POST', 'savebrand', { token: root, body: body(b, changes) });
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await northway()).toEqual(b);
  });

  it('keeps host names unique across brands (409) and refuses taking away the host the editor is signed in on', async () => {
    const b = await northway();
    const taken = await t.call('POST', 'savebrand', { token: root, body: body(b, { hosts: [NORTHWAY, 'localhost'] }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The host name localhost already belongs to the brand Fleetwise: each host name shows one brand.');
    const own = await t.call('POST', 'savebrand', { token: northSuper, body: body(b, { hosts: ['north.example'] }) });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/keep northway\.localhost/);
    expect((await northway()).hosts).toEqual([NORTHWAY]);
  });

  it("holds a brand's super administrator to their brand: another brand 404, adding 403", async () => {
    const fleetwise = (await brandsOf(root)).brands.find((x) => x.key === 'fleetwise') as BrandRecord;
    expect((await t.call('POST', 'savebrand', { token: northSuper, body: body(fleetwise, { name: 'Taken over' }) })).statusCode).toBe(404);
    const add = await t.call('POST', 'savebrand', { token: northSuper, body: body(fleetwise, { id: 0, key: 'rogue', hosts: ['rogue.example'] }) });
    expect(add.statusCode).toBe(403);
    const own = await t.call('POST', 'savebrand', { token: northSuper, body: body(await northway(), { strapline: 'Ours to edit' }) });
    expect(own.statusCode).toBe(200);
  });

  it('adds a brand that its host shows at once, and audits it', async () => {
    const fleetwise = (await brandsOf(root)).brands.find((x) => x.key === 'fleetwise') as BrandRecord;
    const res = await t.call('POST', 'savebrand', {
      token: root, body: body(fleetwise, { id: 0, key: 'southway', hosts: ['southway.localhost'], name: 'Southway', publicUrl: 'http://southway.localhost:8080/' }),
    });
    expect(res.statusCode).toBe(200);
    const added = res.json().brand as BrandRecord;
    expect(added).toMatchObject({ key: 'southway', isDefault: false, publicUrl: 'http://southway.localhost:8080' });
    expect((await publicBrand('southway.localhost')).name).toBe('Southway');
    expect(await auditLines('brand.add', added.id)).toHaveLength(1);
    const again = await t.call('POST', 'savebrand', { token: root, body: body(fleetwise, { id: 0, key: 'southway', hosts: ['south2.localhost'] }) });
    expect(again.statusCode).toBe(409);
  });

  it('reaches another process within seconds (its cache compares the brands table stamp)', async () => {
    const other = brandService(t.database.db);
    const b = await northway();
    expect((await other.forHost(NORTHWAY))?.name).toBe(b.name);
    expect((await t.call('POST', 'savebrand', { token: root, body: body(b, { name: 'Seen elsewhere' }) })).statusCode).toBe(200);
    const start = Date.now();
    await expect.poll(async () => (await other.forHost(NORTHWAY))?.name, { timeout: 6_000, interval: 200 }).toBe('Seen elsewhere');
    expect(Date.now() - start).toBeLessThan(5_000);
  });
});
