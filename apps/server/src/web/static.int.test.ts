import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'fleet-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body><script src="/assets/app-1.js"></script></body></html>');
  await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers the root with the branded index page', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Fleetwise</title>');
    expect(res.body).toContain('<script');
  });

  it('answers every app route with the index page, and API misses with JSON', async () => {
    expect((await t.app.inject({ url: '/tabs/tabs/fleet/abc' })).body).toContain('<title>Fleetwise</title>');
    const miss = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json().ok).toBe(0);
  });

  it('serves assets that appear after the server started (a rebuild), with a long cache', async () => {
    await writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const res = await t.app.inject({ url: '/assets/app-2.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("revalidates the map's worker on every load, with the brand's CSP and its ETag answered 304", async () => {
    await writeFile(path.join(dist, 'assets', 'maplibre-gl-worker-AbC1.mjs'), 'self.onmessage = () => {}');
    const res = await t.app.inject({ url: '/assets/maplibre-gl-worker-AbC1.mjs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain('connect-src \'self\' ws: wss: https://tiles.openfreemap.org');
    const again = await t.app.inject({ url: '/assets/maplibre-gl-worker-AbC1.mjs', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toContain('https://tiles.openfreemap.org');
  });

  it('sends the precompressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const js = `console.log(${JSON.stringify('x'.repeat(5000))})`;
    await writeFile(path.join(dist, 'assets', 'big-1.js'), js);
    // Marked, to tell the build's copy from one compressed on the fly.
    await writeFile(path.join(dist, 'assets', 'big-1.js.br'), brotliCompressSync(`${js}//prebuilt`));
    const br = await t.app.inject({ url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${js}//prebuilt`);
    const plain = await t.app.inject({ url: '/assets/big-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('compresses large API answers for a browser that accepts it', async () => {
    const { token, siteid } = await t.login('ops.leeds@aire-valley.example');
    const raw = await t.call('GET', `vehicles?siteid=${siteid}`, { token });
    expect(raw.rawPayload.length).toBeGreaterThan(1024);
    expect(raw.headers['content-encoding']).toBeUndefined();
    const gz = await t.call('GET', `vehicles?siteid=${siteid}`, { token, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(raw.json());
  });

  it('dresses the page for the host’s brand', async () => {
    const res = await t.app.inject({ url: '/login', headers: { host: 'northway.localhost:8080' } });
    expect(res.body).toContain('<title>Northway Telematics</title>');
  });
});
