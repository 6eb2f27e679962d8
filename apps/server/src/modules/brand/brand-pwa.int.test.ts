import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// The installable app per brand (issue 11, item 1): the manifest of the host's brand, its PNG icons
// drawn from the brand's SVG, and the head of index.html naming both.

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A built web app of one line: the head the server dresses per brand.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'fleet-pwa-'));
  await writeFile(path.join(webDist, 'index.html'), '<html><head><title>Fleet</title></head><body></body></html>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost') => t.app.inject({ url, headers: { host } });

interface Manifest {
  name: string; short_name: string; description: string; start_url: string; scope: string; display: string;
  theme_color: string; background_color: string; icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

describe('GET /manifest.webmanifest', () => {
  it("answers the host's brand, installable: name, colours, standalone, icons 192 and 512 PNG and the SVG", async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(String(res.headers.vary)).toMatch(/\bHost\b/);
    const m = res.json<Manifest>();
    expect(m).toMatchObject({
      name: 'Fleetwise', short_name: 'Fleetwise', description: 'Every vehicle, every minute.',
      start_url: '/', scope: '/', display: 'standalone', theme_color: '#1c64d1', background_color: '#ffffff',
    });
    expect(m.icons.map((i) => [i.sizes, i.type])).toEqual([['192x192', 'image/png'], ['512x512', 'image/png'], ['any', 'image/svg+xml']]);

    const north = (await get('/manifest.webmanifest', 'northway.localhost')).json<Manifest>();
    expect(north).toMatchObject({ name: 'Northway Telematics', short_name: 'Northway', theme_color: '#0f7a4a', description: 'Fleet intelligence for the North' });
    // Each brand's icon is its own (the URL carries the SVG's hash).
    expect(north.icons[0]?.src).not.toBe(m.icons[0]?.src);
  });

  it('serves each PNG icon at its stated size, drawn from the brand SVG', async () => {
    for (const host of ['localhost', 'northway.localhost']) {
      const m = (await get('/manifest.webmanifest', host)).json<Manifest>();
      for (const icon of m.icons.filter((i) => i.type === 'image/png')) {
        const res = await get(icon.src, host);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(String(res.headers.vary)).toMatch(/\bHost\b/);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('png');
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
        // Not an empty square: the brand's mark is drawn in its theme colour.
        const stats = await sharp(res.rawPayload).stats();
        expect(stats.isOpaque).toBe(false);
        expect(stats.channels[3]?.max).toBe(255);
      }
    }
  });

  it('index.html of each brand links the manifest, theme colour and touch icon', async () => {
    const north = (await get('/tabs/tabs/vcl', 'northway.localhost')).body;
    expect(north).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(north).toContain('<meta name="theme-color" content="#0f7a4a">');
    const touch = /<link rel="apple-touch-icon" href="(\/brand\/icon-192\.png\?v=[0-9a-f]{12})">/.exec(north)?.[1];
    expect(touch).toBeDefined();
    // The touch icon is the manifest's own 192 px icon.
    const m = (await get('/manifest.webmanifest', 'northway.localhost')).json<Manifest>();
    expect(m.icons[0]?.src).toBe(touch);
    expect((await get('/', 'localhost')).body).toContain('<meta name="theme-color" content="#1c64d1">');
  });

  it('the CSP lets the manifest and the service worker load from our origin', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toMatch(/worker-src 'self'/);
  });
});
