import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiPost, expectAccessible, launchBrowser, newPage, signIn, siteOf } from './support.ts';
import type { Browser } from 'playwright-core';

// Browser tests of messages (issue 11): the office opens a vehicle's conversation from the fleet
// page, writes hostile and long text that arrives as text, and a colleague on a phone sees it live.
const SLOW = { timeout: 60_000 };
const TABS_LABEL = 'Driver pages';
const HOSTILE = '<img src=x onerror=alert(1)>';
const LONG = `Start ${'Loremipsumdolorsitametconsectetur'.repeat(70)}`.slice(0, 1992) + ' end😀';

let browser: Browser;
let office: Page;
let phone: Page;
let cab: Page;
/** The vehicle the office writes to, and its registration. */
let uid = 0;
let reg = '';
const dialogs: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  office = await newPage(browser);
  phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  cab = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const p of [office, phone, cab]) p.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  await signIn(office);
  await signIn(phone, inject('adminEmail'));
}, SLOW.timeout);
afterAll(async () => {
  await browser.close();
});

/** A public POST from the page (no session), with the anti-forgery cookie the server set. */
function publicPost<T>(page: Page, call: string, body: unknown): Promise<T> {
  return page.evaluate(async ({ call, body }) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const res = await fetch(`/api/v1/${call}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify(body) });
    return res.json();
  }, { call, body }) as Promise<T>;
}

/**
 * A driver signed in on a cab device of the office's site, through the cab calls (CONTRACTS A):
 * the site administrator registers this browser, the site's driver signs in with the demo password.
 */
async function signInDriver(page: Page): Promise<void> {
  await signIn(page, inject('adminEmail'));
  const siteid = await siteOf(page);
  const reg = await apiPost<{ ok: number; device: { deviceid: number; devicekey: string } }>(page, 'registercabdevice', { siteid, name: 'Messages e2e cab' });
  expect(reg.ok).toBe(1);
  await page.goto('/login');
  const key = { deviceid: reg.device.deviceid, devicekey: reg.device.devicekey };
  const list = await publicPost<{ ok: number; drivers: Array<{ id: number; name: string }> }>(page, 'cabdrivers', key);
  expect(list.drivers.length).toBeGreaterThan(0);
  const login = await publicPost<{ ok: number; user: unknown; message?: string }>(page, 'driverlogin', { ...key, driverid: list.drivers[0]?.id, pass: inject('demoPassword') });
  expect(login.message).toBeUndefined();
  await page.evaluate(({ user, device }) => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('fleet.cabDevice', JSON.stringify(device));
  }, { user: login.user, device: reg.device });
}

/** The horizontal scroll the page would need: 0 when long text wraps. */
const overflowX = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('messages, office', () => {
  it("opens a vehicle's conversation from the fleet page and sends text that stays text", async () => {
    await office.goto('/tabs/tabs/fleet');
    const row = office.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]').first();
    await row.waitFor({ timeout: 30_000 });
    const registration = (await row.locator('[class*="registration"]').textContent())?.trim() ?? '';
    await office.getByRole('button', { name: `Details of ${registration}` }).click();
    await office.getByTestId('vehicle-details').getByRole('link', { name: 'Messages' }).click();
    await office.waitForURL(/\/tabs\/tabs\/msg\?uid=\d+/);
    await office.getByRole('heading', { name: registration, level: 2 }).waitFor();
    await office.getByText('No messages yet. Write the first one below.').waitFor();
    await expectAccessible(office, 'messages, desktop, empty thread');

    const box = office.getByLabel('Message', { exact: true });
    await box.fill(HOSTILE);
    await box.press('Enter');
    const log = office.getByRole('log', { name: `Messages with ${registration}` });
    await log.getByText(HOSTILE, { exact: true }).waitFor();
    expect(await log.locator('img').count()).toBe(0);
    expect(await box.inputValue()).toBe('');

    await box.fill(LONG);
    await office.getByRole('button', { name: 'Send' }).click();
    await log.getByText(/end😀$/).waitFor();
    expect(await overflowX(office)).toBeLessThanOrEqual(0);
    const bubble = office.getByTestId('message').last();
    expect((await bubble.boundingBox())?.width ?? 9999).toBeLessThan(1000);
    // The conversation is listed, newest first, with the vehicle's registration.
    await office.getByTestId('conversations').getByRole('button', { name: new RegExp(registration) }).waitFor();
    await expectAccessible(office, 'messages, desktop, thread with hostile and long text');
    await office.screenshot({ path: 'docs/screenshots/messages-desktop.png' });

    // A colleague on a phone: the list, then the thread; a new message arrives without reload.
    await phone.goto('/tabs/tabs/msg');
    const item = phone.getByTestId('conversations').getByRole('button', { name: new RegExp(registration) });
    await item.waitFor();
    await expectAccessible(phone, 'messages, phone, conversation list');
    await item.click();
    const phoneLog = phone.getByRole('log', { name: `Messages with ${registration}` });
    await phoneLog.getByText(HOSTILE, { exact: true }).waitFor();
    expect(await overflowX(phone)).toBeLessThanOrEqual(0);
    await box.fill('Live to the phone 🚚\nsecond line');
    await box.press('Enter');
    await phoneLog.getByText(/Live to the phone 🚚\s+second line/).waitFor({ timeout: 10_000 });
    expect(await phoneLog.getByTestId('message').count()).toBe(3);
    await expectAccessible(phone, 'messages, phone, thread');
    await phone.screenshot({ path: 'docs/screenshots/messages-phone.png' });
    await phone.getByRole('button', { name: 'Back' }).click();
    await item.waitFor();
    expect(dialogs).toEqual([]);
    uid = Number(new URL(office.url()).searchParams.get('uid'));
    reg = registration;
  }, SLOW.timeout);

  it('refuses a message over 2,000 characters before sending it', async () => {
    const box = office.getByLabel('Message', { exact: true });
    await box.fill('x'.repeat(2001));
    await office.getByText('A message is at most 2,000 characters.').waitFor();
    expect(await office.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill('');
  });
});

describe('messages, cab and office', () => {
  it('the driver reads the history, gets the office\'s message live, replies; the office sees it live with the unread badge', async () => {
    expect(uid).toBeGreaterThan(0);
    await signInDriver(cab);
    expect((await apiPost<{ ok: number }>(cab, 'assigndriver', { uid })).ok).toBe(1);
    // The office's earlier message is unread in the cab: the Messages tab says so on every driver page.
    await cab.goto('/tabs/tabs/unitcheck');
    await cab.getByRole('navigation', { name: TABS_LABEL }).getByRole('link', { name: /Messages/ }).getByTestId('messages-unread-badge').waitFor({ timeout: 10_000 });
    await cab.goto('/tabs/tabs/msg');
    await cab.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await cab.getByTestId('driver-registration').getByText(reg, { exact: true }).waitFor();
    const cabLog = cab.getByRole('log', { name: 'Messages with the office' });
    await cabLog.getByText(HOSTILE, { exact: true }).waitFor();
    expect(await cabLog.locator('img').count()).toBe(0);
    expect(await overflowX(cab)).toBeLessThanOrEqual(0);
    const send = cab.getByRole('button', { name: 'Send' });
    expect((await send.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
    await expectAccessible(cab, 'messages, cab, phone');

    // The office writes while the driver watches: it arrives without a reload.
    const officeBox = office.getByLabel('Message', { exact: true });
    await officeBox.fill('Please call the yard when you stop.');
    await officeBox.press('Enter');
    await cabLog.getByText('Please call the yard when you stop.').waitFor({ timeout: 10_000 });
    // Shown in the cab is read: the office's tick turns to Read, live.
    await office.getByTestId('message').last().getByText('Read', { exact: true }).waitFor({ timeout: 10_000 });

    // The office goes to another page; the driver replies while that page's live connection is still
    // being made (held here until the reply is stored, as a loaded machine or network does it); the
    // menu's badge counts it once the connection is up.
    let letConnect: () => void = () => {};
    const connecting = new Promise<void>((r) => { letConnect = r; });
    await office.routeWebSocket(/\/socket\.io\//, async (ws) => {
      await connecting;
      ws.connectToServer();
    });
    const counted = office.waitForResponse((r) => r.url().includes('/api/v1/unreadmessages'));
    await office.goto('/tabs/tabs/dashboard');
    const menuEntry = office.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Messages/ });
    await menuEntry.waitFor();
    await counted;
    expect(await office.getByTestId('messages-unread-badge').count()).toBe(0);
    await cab.getByLabel('Message', { exact: true }).fill('Will do, 10 minutes 👍');
    await send.click();
    await cabLog.getByText('Will do, 10 minutes 👍').waitFor();
    letConnect();
    await office.getByTestId('messages-unread-badge').getByText('1', { exact: true }).waitFor({ timeout: 10_000 });
    await expectAccessible(office, 'dashboard with the unread messages badge');
    await cab.screenshot({ path: 'docs/screenshots/messages-driver-phone.png' });

    // Opening the conversation reads it: the badge goes, the cab's tick turns to Read.
    await menuEntry.click();
    await office.getByTestId('conversations').getByRole('button', { name: new RegExp(reg) }).click();
    await office.getByRole('log', { name: `Messages with ${reg}` }).getByText('Will do, 10 minutes 👍').waitFor();
    await expect.poll(() => office.getByTestId('messages-unread-badge').count(), { timeout: 10_000 }).toBe(0);
    await cab.getByTestId('message').last().getByText('Read', { exact: true }).waitFor({ timeout: 10_000 });

    await cab.setViewportSize({ width: 1024, height: 768 });
    await cabLog.getByText('Will do, 10 minutes 👍').waitFor();
    await expectAccessible(cab, 'messages, cab, tablet');
    await cab.screenshot({ path: 'docs/screenshots/messages-driver-tablet.png' });
    expect(dialogs).toEqual([]);
  }, SLOW.timeout);
});
