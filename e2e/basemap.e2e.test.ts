import http from 'node:http';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { apiPost, expectAccessible, openSignedIn, waitForFleetPage } from './support.ts';

// The basemap (issue 10): the server names street and satellite styles on 127.0.0.1 (global-setup).
// With nothing answering there the bundled map is drawn with a note; a hanging style leaves the
// bundled map drawn meanwhile; a style served from 127.0.0.1 replaces it (no note), and the
// satellite choice draws the satellite style. No test reaches a host outside this machine.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const NOTE = 'The street map could not be loaded; the simple map is shown.';
type Rgb = [number, number, number];
const LAND: Rgb = [0xf3, 0xf1, 0xec];
const STREET: Rgb = [0xd9, 0x4f, 0x8a];
const SATELLITE: Rgb = [0x2e, 0x6b, 0x3a];

/** A 256 px PNG tile of one colour (a tiny encoder: the suite has no image library). */
function solidPng([r, g, b]: Rgb): Buffer {
  const size = 256;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A raster style whose tiles (relative addresses, resolved against the style's) are one colour. */
const rasterStyle = (name: string) => ({
  version: 8,
  sources: { tiles: { type: 'raster', tiles: [`tiles/${name}/{z}/{x}/{y}.png`], tileSize: 256, attribution: `Test ${name} tiles` } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#ffffff' } },
    { id: 'tiles', type: 'raster', source: 'tiles' },
  ],
});

/** Serves the two styles and their tiles on the port the server names; counts what was asked. */
function serveStyles(port: number): Promise<{ close(): Promise<void>; asked: string[] }> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    asked.push(url);
    res.setHeader('Access-Control-Allow-Origin', '*');
    const style = /^\/(street|satellite)\.json$/.exec(url)?.[1];
    if (style) {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(rasterStyle(style)));
      return;
    }
    const tile = /^\/tiles\/(street|satellite)\//.exec(url)?.[1];
    if (tile) {
      res.setHeader('Content-Type', 'image/png');
      res.end(solidPng(tile === 'street' ? STREET : SATELLITE));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ asked, close: () => new Promise<void>((r) => server.close(() => r())) }),
    ),
  );
}

/** The share of the map's pixels within a few steps of a colour (read from a screenshot of it). */
async function shareOf(page: Page, colour: Rgb): Promise<number> {
  const png = await page.getByRole('region', { name: "Map of the site's vehicles" }).screenshot();
  return page.evaluate(
    async ({ b64, colour }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      let near = 0;
      for (let i = 0; i < data.length; i += 4) {
        const off = Math.abs((data[i] ?? 0) - colour[0]) + Math.abs((data[i + 1] ?? 0) - colour[1]) + Math.abs((data[i + 2] ?? 0) - colour[2]);
        if (off < 12) near += 1;
      }
      return near / (data.length / 4);
    },
    { b64: png.toString('base64'), colour },
  );
}

const frame = (page: Page) => page.locator('[data-basemap]');
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ prepare: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) }));
});
afterAll(async () => {
  await browser?.close();
});

describe('basemap when the style host does not answer', () => {
  it('draws the bundled map with its note, never a blank map (connection refused)', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    await page.getByText(NOTE).waitFor();
    await expect.poll(() => shareOf(page, LAND), { timeout: 20_000 }).toBeGreaterThan(0.2);
    expect(await frame(page).getAttribute('data-basemap')).toBe('street-failed');
    await page.getByText('Bundled low-detail basemap', { exact: false }).first().waitFor();
    await expectAccessible(page, 'fleet, desktop, street map not loaded');
    expect(pageErrors).toEqual([]);
  });

  it('draws the bundled map at once while the style hangs, then says it is shown instead', async () => {
    const port = inject('mapStylePort');
    await page.route(`http://127.0.0.1:${port}/**`, () => {
      // Never answered: the style "hangs".
    });
    try {
      await page.setViewportSize(PHONE);
      await page.goto('/tabs/tabs/fleet');
      // The bundled map is drawn before the style's time is up (5 s), with no note yet ...
      await page.locator('[data-basemap="street-loading"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => shareOf(page, LAND), { timeout: 4000, interval: 250 }).toBeGreaterThan(0.2);
      expect(await frame(page).getAttribute('data-basemap')).toBe('street-loading');
      expect(await page.getByText(NOTE).count()).toBe(0);
      // ... and the note once it is.
      await page.getByText(NOTE).waitFor({ timeout: 10_000 });
      expect(await frame(page).getAttribute('data-basemap')).toBe('street-failed');
      await expectAccessible(page, 'fleet, phone, street map not loaded');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});

describe('basemap served from 127.0.0.1', () => {
  let styles: Awaited<ReturnType<typeof serveStyles>>;
  beforeAll(async () => {
    styles = await serveStyles(inject('mapStylePort'));
  });
  afterAll(async () => {
    await styles?.close();
  });

  it('replaces the bundled map with the street style (no note), and switches to satellite and back', async () => {
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => localStorage.removeItem('basemap'));
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    await expect.poll(() => frame(page).getAttribute('data-basemap'), { timeout: 15_000 }).toBe('street-shown');
    expect(await page.getByText(NOTE).count()).toBe(0);
    await expect.poll(() => shareOf(page, STREET), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(styles.asked).toContain('/street.json');
    expect(styles.asked.some((u) => u.startsWith('/tiles/street/'))).toBe(true);
    // The credit is the street style's own, the bundled one is gone.
    await page.getByText('Test street tiles').first().waitFor();
    expect(await page.getByText('Bundled low-detail basemap', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'fleet, desktop, street map');

    const satellite = page.getByRole('button', { name: 'Satellite' });
    await satellite.click();
    await expect.poll(() => frame(page).getAttribute('data-basemap'), { timeout: 15_000 }).toBe('satellite-shown');
    expect(await satellite.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => shareOf(page, SATELLITE), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await satellite.click();
    await expect.poll(() => frame(page).getAttribute('data-basemap'), { timeout: 15_000 }).toBe('street-shown');
    expect(pageErrors).toEqual([]);
  });

  it('folds the legend and credits behind an "i" button on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/tabs/tabs/fleet');
    // On a phone the map and the list take turns: the map is shown.
    await page.locator('canvas.maplibregl-canvas').waitFor({ timeout: 30_000 });
    await expect.poll(() => frame(page).getAttribute('data-basemap'), { timeout: 15_000 }).toBe('street-shown');
    // Folded: no legend, no credits over the map.
    expect(await page.getByTestId('poi-legend').count()).toBe(0);
    await expect.poll(() => page.getByText('Test street tiles').first().isVisible()).toBe(false);
    const info = page.getByRole('button', { name: 'Show the map legend and credits' });
    const box = await info.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'fleet, phone, street map, map info folded');
    // Keyboard: focus the button, open with Enter.
    await info.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Map legend and credits' });
    await panel.getByTestId('poi-legend').waitFor();
    await panel.getByText('Test street tiles').waitFor();
    expect(await page.getByRole('button', { name: 'Hide the map legend and credits' }).getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'fleet, phone, street map, map info open');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
  });
});

describe('the Basemaps section of the configuration page', () => {
  it('is there for a super administrator only, refuses a bad address with the reason, and saves a good one', async () => {
    const admin = await openSignedIn({ email: inject('adminEmail') });
    try {
      await admin.page.goto('/tabs/tabs/config');
      await admin.page.getByText('Mail outbox').first().waitFor();
      expect(await admin.page.getByText('Basemaps').count()).toBe(0);
    } finally {
      await admin.browser.close();
    }

    const su = await openSignedIn({ email: 'super@fleet.test', password: 'Super!2026pass' });
    try {
      for (const size of [DESKTOP, PHONE]) {
        await su.page.setViewportSize(size);
        await su.page.goto('/tabs/tabs/config');
        await su.page.getByRole('link', { name: 'Open Basemaps' }).click();
        await su.page.getByLabel('Street map style URL').waitFor();
        await su.page.getByText(`In force now: http://127.0.0.1:${inject('mapStylePort')}/street.json`).waitFor();
        await expectAccessible(su.page, `configuration, basemaps, ${size === PHONE ? 'phone' : 'desktop'}`);
      }
      await su.page.getByLabel('Street map style URL').fill('tiles.example.com/style.json');
      await su.page.getByRole('button', { name: 'Save' }).click();
      await su.page.getByText('must be a full http:// or https:// address', { exact: false }).first().waitFor();
      await su.page.getByLabel('Street map style URL').fill('http://127.0.0.1:9/own.json');
      await su.page.getByRole('button', { name: 'Save' }).click();
      await su.page.getByText('In force now: http://127.0.0.1:9/own.json').waitFor();
    } finally {
      // The other browser tests expect the installation's map: the brand's own is cleared again.
      await apiPost(su.page, 'setbrandmap', { brand: 'fleetwise', style: null, satellite: null, hosts: [] });
      await su.browser.close();
    }
  });
});
