import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser } from './support.ts';

// The installable app (issue 11, item 1): a manifest per brand, its icons, the service worker that
// keeps the app shell and every page's code offline, and the "A new version is ready" prompt.
const baseUrl = inject('baseUrl');
const altBaseUrl = inject('altBaseUrl');
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const swFile = path.resolve(import.meta.dirname, '../apps/web/dist/sw.js');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(url = baseUrl): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url, viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

/** Opens the app and waits until the service worker controls the page (the first one claims it). */
async function installed(page: Page, at = '/login'): Promise<void> {
  await page.goto(at);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

interface Manifest {
  name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string;
  background_color: string; icons: Array<{ src: string; sizes: string; type: string }>;
}

describe('the manifest', () => {
  for (const [brand, url, name, theme] of [
    ['the default brand', baseUrl, 'Fleetwise', '#1c64d1'],
    ['Northway', altBaseUrl, 'Northway Telematics', '#0f7a4a'],
  ] as const) {
    it(`of ${brand} is linked from its page, installable, with PNG icons of the stated sizes`, async () => {
      const { context, page } = await phone(url);
      await page.goto('/login');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(theme);
      const manifest = await page.evaluate(async (h) => (await fetch(h)).json(), href as string) as Manifest;
      expect(manifest).toMatchObject({ name, start_url: '/', scope: '/', display: 'standalone', theme_color: theme });
      expect(manifest.short_name.length).toBeGreaterThan(0);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      const pngs = manifest.icons.filter((i) => i.type === 'image/png');
      expect(pngs.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
      for (const icon of pngs) {
        const size = await page.evaluate(async (src) => {
          const res = await fetch(src);
          const bitmap = await createImageBitmap(await res.blob());
          return { type: res.headers.get('content-type'), size: `${bitmap.width}x${bitmap.height}` };
        }, icon.src);
        expect(size).toEqual({ type: 'image/png', size: icon.sizes });
      }
      await context.close();
    });
  }
});

describe('offline', () => {
  it('a reload offline still shows the app, a driver page opens from the kept code, and the API is never answered from a cache', async () => {
    const { context, page } = await phone();
    await installed(page);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The worker installed with every chunk of the build (the driver pages' among them).
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached.filter((u) => u.startsWith('/assets/')).length).toBeGreaterThan(20);
    expect(cached).toContain('/');
    expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/socket.io'))).toEqual([]);

    const failedAssets: string[] = [];
    page.on('requestfailed', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/')) failedAssets.push(r.url());
    });
    await context.setOffline(true);
    // The worker's own fetches are offline too (so what follows comes from its caches, not the server).
    const workerOnline = await page.evaluate(async () => {
      try {
        await fetch(`/brand/logo.svg?probe=${Math.random()}`);
        return true;
      } catch {
        return false;
      }
    });
    expect(workerOnline).toBe(false);

    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByTestId('offline-bar').waitFor();
    expect(await page.title()).toMatch(/Fleetwise$/);

    // A driver page never visited: the shell comes from the kept copy, its route's code from the precache.
    const driver = await page.goto('/tabs/tabs/driverlogin');
    expect(driver?.fromServiceWorker()).toBe(true);
    await page.waitForFunction(() => (document.getElementById('root')?.innerText.trim().length ?? 0) > 20);
    await page.getByTestId('offline-bar').waitFor();
    expect(failedAssets).toEqual([]);

    // The API is not answered from any cache: offline, its calls fail.
    const api = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/v1/brand');
        return `answered ${res.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(api).toBe('failed');

    await context.setOffline(false);
    // Back online, a navigation is the network's again (the shell kept is refreshed).
    const online = await page.goto('/login');
    expect(online?.status()).toBe(200);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});

describe('a new version', () => {
  it('shows "A new version is ready"; Reload takes it', async () => {
    const { context, page } = await phone();
    await installed(page);
    const compressed = ['.br', '.gz'].map((ext) => `${swFile}${ext}`);
    const original = await readFile(swFile);
    const originals = await Promise.all(compressed.map((f) => readFile(f).catch(() => null)));
    try {
      // A new build's worker: other bytes at the same URL (and no precompressed copy of the old one).
      await Promise.all(compressed.map((f) => rm(f, { force: true })));
      await writeFile(swFile, `${original.toString()}\n// the next version\n`);
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        await reg?.update();
      });
      const toast = page.getByRole('region', { name: 'A new version is ready' });
      await toast.waitFor({ timeout: 30_000 });
      const reload = toast.getByRole('button', { name: 'Reload' });
      const box = await reload.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(48);
      await expectAccessible(page, 'the update prompt (phone)');
      if (process.env.FLEET_SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/pwa-update-phone.png' });
      await page.setViewportSize(TABLET);
      await expectAccessible(page, 'the update prompt (tablet)');
      if (process.env.FLEET_SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/pwa-update-tablet.png' });

      await Promise.all([page.waitForEvent('load'), reload.click()]);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      // The new worker controls the page and none is waiting: no prompt after the reload.
      const state = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting !== null, active: reg?.active?.state, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(state).toEqual({ waiting: false, active: 'activated', controlled: true });
      expect(await page.getByRole('region', { name: 'A new version is ready' }).count()).toBe(0);
    } finally {
      await writeFile(swFile, original);
      await Promise.all(compressed.map((f, i) => (originals[i] ? writeFile(f, originals[i] as Buffer) : undefined)));
      await context.close();
    }
  });
});
