import { build } from 'esbuild';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support.ts';

// The outbox (apps/web/src/shared/offline/outbox.ts) in Chromium: real IndexedDB, Web Locks and
// BroadcastChannel, two tabs of one browser. Unit tests cover the rest with fake-indexeddb.
let browser: Browser;
let code = '';

beforeAll(async () => {
  const out = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../apps/web/src/shared/offline/outbox.ts')],
    bundle: true, write: false, format: 'iife', globalName: 'fleetOutbox', target: 'es2022',
  });
  code = `${out.outputFiles[0]?.text ?? ''}; window.fleetOutbox = fleetOutbox;`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Send { id: string; tab: string; start: number; end: number }
const sends: Send[] = [];

/** Starts the outbox in a tab with a handler that reports each send (its item, tab, start and end times) to the test. */
async function startIn(page: Page, tab: string): Promise<void> {
  await page.exposeFunction('reportSend', (s: Send) => void sends.push(s));
  await page.evaluate((tab) => {
    const w = window as unknown as {
      fleetOutbox: typeof import('../apps/web/src/shared/offline/outbox.ts');
      reportSend(s: Send): Promise<void>;
    };
    const now = () => performance.timeOrigin + performance.now();
    w.fleetOutbox.startOutbox({
      test: async (item) => {
        const start = now();
        await new Promise((r) => setTimeout(r, 60));
        await w.reportSend({ id: item.id, tab, start, end: now() });
        return 'done';
      },
    });
  }, tab);
}

describe('the outbox in two tabs', () => {
  it('sends every item once, oldest first, one at a time across the tabs', async () => {
    const a = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await a.goto('/login');
    const b = await a.context().newPage();
    await b.goto('/login');
    for (const p of [a, b]) await p.evaluate(code);
    // Items made while nothing sends (e.g. offline), then both tabs start at once.
    await a.evaluate(async () => {
      const { outbox } = (window as unknown as { fleetOutbox: typeof import('../apps/web/src/shared/offline/outbox.ts') }).fleetOutbox;
      for (const id of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']) await outbox.add({ id, kind: 'test', label: id, payload: {} });
    });
    // The other tab sees them without a reload (the BroadcastChannel tells it).
    await b.evaluate(() => void (window as unknown as { fleetOutbox: { outbox: { subscribe(f: () => void): void } } }).fleetOutbox.outbox.subscribe(() => undefined));
    await b.waitForFunction(() => (window as unknown as { fleetOutbox: { outbox: { getState(): { items: unknown[] } } } }).fleetOutbox.outbox.getState().items.length === 6);
    await Promise.all([startIn(a, 'A'), startIn(b, 'B')]);
    for (const p of [a, b]) await p.evaluate(() => (window as unknown as { fleetOutbox: { outbox: { kick(): void } } }).fleetOutbox.outbox.kick());
    const left = () => a.evaluate(async () => {
      const { outbox } = (window as unknown as { fleetOutbox: typeof import('../apps/web/src/shared/offline/outbox.ts') }).fleetOutbox;
      return (await outbox.list()).length + (outbox.getState().sending ? 1 : 0);
    });
    await expect.poll(left, { timeout: 20_000 }).toBe(0);
    // Each item once, oldest first; never two sends at once, whichever tab sent.
    sends.sort((x, y) => x.start - y.start);
    expect(sends.map((x) => x.id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    for (let i = 1; i < sends.length; i++) expect(sends[i]?.start).toBeGreaterThanOrEqual(sends[i - 1]?.end ?? Infinity);
    await a.context().close();
  });
});
