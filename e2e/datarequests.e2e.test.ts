import type { Browser, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, signIn } from './support.ts';

// The data requests page (issue 14) against the real server: an administrator asks for the last
// week, watches it become ready, downloads the ZIP through the page's link and opens it.
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The names of a ZIP's entries, in order. */
async function entries(file: string): Promise<string[]> {
  const buffer = await readFile(file);
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) => yauzl.fromBuffer(buffer, (e, z) => (e ? fail(e) : ok(z))));
  const names: string[] = [];
  await new Promise<void>((done, fail) => {
    zip.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
    zip.on('end', () => done());
    zip.on('error', fail);
  });
  return names;
}

async function openPage(page: Page): Promise<void> {
  await page.goto('/tabs/tabs/amazondatarequest');
  await page.getByRole('heading', { name: 'Data requests' }).waitFor();
}

describe('data requests page', () => {
  it('asks for a week, shows it ready, downloads the ZIP and lists the download in its history', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    await signIn(page, inject('adminEmail'));
    await openPage(page);
    await expectAccessible(page, 'data requests, desktop');
    // A range the wrong way round is refused in the form, before the server is asked.
    await page.getByLabel('First day').fill('2026-05-10');
    await page.getByLabel('Last day').fill('2026-05-01');
    await expect.poll(() => page.getByText('The last day must be on or after the first day.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Prepare the data' }).isDisabled()).toBe(true);
    await page.getByLabel('Last day').fill('2026-05-16');
    await page.getByRole('button', { name: 'Prepare the data' }).click();
    const card = page.getByRole('article').filter({ hasText: 'Sunday, 10 May 2026 to Saturday, 16 May 2026' }).first();
    await card.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download ZIP' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^data-request-\d+-2026-05-10-to-2026-05-16\.zip$/);
    const file = await download.path();
    expect(await entries(file)).toEqual(['README.txt', 'positions.csv', 'trips.csv', 'alerts.csv', 'checklists.csv']);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await card.getByText(/^History/).click();
    await expect.poll(() => card.getByRole('cell', { name: 'Downloaded' }).count()).toBe(1);
    await expectAccessible(page, 'data requests, history open');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'data requests, phone');
    await page.context().close();
  }, 90_000);

  it('keeps operators out: the call answers Not Admin', async () => {
    const page = await newPage(browser);
    await signIn(page);
    const answer = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
      const res = await fetch('/api/v1/datarequests', { headers: { Authorization: `Bearer ${user.token}` } });
      return { status: res.status, body: await res.json() as unknown };
    });
    expect(answer).toEqual({ status: 403, body: { ok: 0, message: 'Not Admin' } });
    await page.context().close();
  });
});
