import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { position } from './alert-traffic.ts';
import { launchBrowser, reportAsDevice } from './support.ts';

// Two operators of the same site have the app open. A device raises an alert; both see the banner;
// one clears it, and the other's banner line goes away at once, without a reload.
/** How long a device's report may take to reach both browsers on CI's loaded two cores (at rest: about a second). */
const LIVE = 30_000;
let browser: Browser;
let first: Page;
let second: Page;
interface Unit { unitid: number; deviceid: string; registration: string; unittype: number }

async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
  return page;
}

async function api<T>(page: Page, call: string): Promise<T> {
  return page.evaluate(async (c) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string; customerid: number; siteid: number };
    const url = `/api/v1/${c.replace('{cid}', String(user.customerid)).replace('{siteid}', String(user.siteid))}`;
    return (await fetch(url, { headers: { Authorization: `Bearer ${user.token}` } })).json();
  }, call) as Promise<T>;
}

/** Runs `body` while `page` cannot reach dashalerts (its refresh of the open alerts). */
async function offline(page: Page, body: () => Promise<void>): Promise<void> {
  const pattern = '**/api/v1/dashalerts*';
  await page.route(pattern, (route) => route.abort());
  try {
    await body();
  } finally {
    await page.unroute(pattern);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = () => browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 800 } });
  [first, second] = await Promise.all([
    context().then((c) => signIn(c, inject('operatorEmail'))),
    context().then((c) => signIn(c, inject('adminEmail'))),
  ]);
  // The dashboard: a light page, so two browsers on a shared machine stay quick.
  await Promise.all([first.goto('/tabs/tabs/dashboard'), second.goto('/tabs/tabs/dashboard')]);
});
afterAll(async () => { await browser?.close(); });

describe('clearing an alert in one browser', () => {
  let unit: Unit;
  let other: Unit;

  it('removes the geofence banner line in the other browser without a reload', async () => {
    const { units } = await api<{ units: Unit[] }>(first, 'units?cid={cid}');
    // An HGV of the site: the other browser tests use vans, so this one's alerts are its own.
    unit = units.filter((u) => u.unittype === 2).at(-1) as Unit;
    other = units.filter((u) => u.unittype === 2).at(-2) as Unit;
    const { poi } = await api<{ poi: { id: number; mode: number; gp: string | null }[] }>(first, 'poi?siteid={siteid}');
    let fence: string | undefined;
    for (const p of poi.filter((x) => x.mode === 1 && x.gp)) {
      const g = await api<{ poi: { geofence: boolean } }>(first, `getgeofence?id=${p.id}`);
      if (g.poi.geofence) { fence = p.gp as string; break; }
    }
    expect(fence).toBeDefined();
    const [lat, lon] = (fence as string).split(',').map(Number) as [number, number];
    await reportAsDevice(unit.deviceid, [position(54.6, -2.6), position(lat, lon)]);

    // Clearing is in the banner's drawer and asks first; the other browser's line for the vehicle goes.
    // The banner's one line shows the newest alert of the site, which another vehicle's may be, so
    // both browsers look in the drawer, where every vehicle with open zone alerts has its line.
    const banner = (page: Page) => page.getByRole('region', { name: 'Geofence alerts' });
    const lines = (page: Page) => page.getByRole('list', { name: 'Geofence alerts' });
    const openDrawer = async (page: Page) => {
      await expect.poll(() => banner(page).getAttribute('data-raised'), { timeout: LIVE }).toBe('true');
      await banner(page).getByRole('button', { name: /^(\+\d+ more|Details) zone alerts$/ }).click();
    };
    await Promise.all([openDrawer(first), openDrawer(second)]);
    await expect.poll(() => lines(first).textContent(), { timeout: LIVE }).toContain(unit.registration);
    await expect.poll(() => lines(second).textContent(), { timeout: LIVE }).toContain(unit.registration);
    // The other browser cannot ask dashalerts again: only the push can take its line away.
    await offline(second, async () => {
      await first.getByRole('button', { name: new RegExp(`Clear .*zone alerts? of ${unit.registration} for everyone`) }).click();
      await first.getByRole('button', { name: /^Clear (the alert|\d+ alerts)$/ }).click();
      await expect.poll(() => lines(first).textContent(), { timeout: 10_000 }).not.toContain(unit.registration);
      await expect.poll(() => lines(second).textContent(), { timeout: 10_000 }).not.toContain(unit.registration);
    });
    await Promise.all([first.keyboard.press('Escape'), second.keyboard.press('Escape')]);
    await first.keyboard.press('Escape');
  });

  it('removes an acknowledged panic from the other browser, and closes its open confirm, without a reload', async () => {
    // Whatever the first test left open (its drawer and confirm, when it failed) would cover the banner.
    for (const page of [first, second]) for (let i = 0; i < 2; i += 1) await page.keyboard.press('Escape');
    // Two vehicles press panic: the banner stays for the other one while this one is acknowledged.
    await reportAsDevice(other.deviceid, [position(54.6, -2.6, 0), position(54.6, -2.6, 1)]);
    await reportAsDevice(unit.deviceid, [position(54.6, -2.6, 0), position(54.6, -2.6, 1)]);
    const ackButton = (page: Page, v = unit) => page.getByRole('button', { name: `Acknowledge panic for ${v.registration}` });
    await expect.poll(() => ackButton(first, other).count(), { timeout: LIVE }).toBe(1);
    await expect.poll(() => ackButton(first).count(), { timeout: LIVE }).toBe(1);
    await expect.poll(() => ackButton(second).count(), { timeout: LIVE }).toBe(1);
    // The first operator is about to acknowledge it too: the confirm is open.
    await ackButton(first).click();
    await first.getByText('Confirm!').waitFor();
    await offline(first, async () => {
      await ackButton(second).click();
      await second.getByRole('button', { name: 'Yes Please' }).click();
      await expect.poll(() => ackButton(second).count(), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => ackButton(first).count(), { timeout: 10_000 }).toBe(0);
      // Acknowledged meanwhile by the colleague: the question is moot and the confirm closes.
      await expect.poll(() => first.getByText('Confirm!').count(), { timeout: 10_000 }).toBe(0);
      expect(await ackButton(first, other).count()).toBe(1);
    });
    await ackButton(first, other).click();
    await first.getByRole('button', { name: 'Yes Please' }).click();
    await expect.poll(() => ackButton(second, other).count(), { timeout: 10_000 }).toBe(0);
  });
});
