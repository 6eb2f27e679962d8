// Issue 11, driver side of the vehicle check list, against the real server: a cab device registered
// for Leeds by its administrator, the demo driver signs in on it, picks a vehicle, fills the check
// list with one faulty item (a photo from a file, a note), draws a signature and signs off; the
// office then finds it exactly once. Also with the network cut before sign-off (sent after a reload
// with the network back), and with the signature upload refused (nothing stored, the error shown).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, launchBrowser, newPage, signIn, siteOf } from './support.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false };
const DRIVER = 'James Holroyd';
const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const shotDir = path.resolve(import.meta.dirname, '../docs/screenshots');

interface Vehicle { unitid: number; registration: string }
interface VclAlerts { checklists: { id: number; uid: number }[] }
interface VclView {
  checklist: { id: number; uid: number; driver: string; operator: string; mileage: number | null; ic: number; sig: number;
    items: { item: string; faulty: boolean; note: string; image: number | null }[] };
}

let browser: Browser;
let office: Page;
let siteId: number;
let vehicles: Vehicle[];
let deviceNo = 0;

async function shot(page: Page, name: string, size: 'phone' | 'tablet') {
  if (!SCREENSHOTS) return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}-${size}.png`), fullPage: false });
}

/** Check lists of a vehicle the office sees (those with faults not dealt with). */
async function officeCount(uid: number): Promise<{ count: number; ids: number[] }> {
  const answer = await apiGet<VclAlerts>(office, 'vclalerts');
  const ids = answer.checklists.filter((c) => c.uid === uid).map((c) => c.id);
  return { count: ids.length, ids };
}

async function waitForOfficeCount(uid: number, want: number, timeoutMs = 30_000): Promise<number[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { count, ids } = await officeCount(uid);
    if (count === want) return ids;
    if (Date.now() > end) throw new Error(`expected ${want} check lists for unit ${uid}, the office sees ${count}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A fresh browser context made a cab device of Leeds by its administrator (through the API, with the page's session). */
async function cabDevice(options: typeof PHONE | typeof TABLET): Promise<{ context: BrowserContext; page: Page }> {
  const page = await newPage(browser, options);
  await signIn(page, inject('adminEmail'));
  const site = await siteOf(page);
  deviceNo += 1;
  const answer = await apiPost<{ ok: number; device: unknown; message?: string }>(page, 'registercabdevice', {
    siteid: site,
    name: `E2E check list cab ${deviceNo}`,
  });
  expect(answer.ok, answer.message).toBe(1);
  // The administrator's session ended with the registration; the browser now holds the cab's key.
  await page.evaluate((device) => {
    localStorage.setItem('fleet.cabDevice', JSON.stringify(device));
    localStorage.removeItem('user');
  }, answer.device);
  return { context: page.context(), page };
}

/** The driver's sign-in on the cab device and the choice of vehicle, through the pages. */
async function driverOnVehicle(page: Page, registration: string): Promise<void> {
  await page.goto('/tabs/tabs/driverlogin');
  await page.getByRole('radio', { name: DRIVER }).click();
  await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL(/vehicleselection/);
  await page.getByRole('button', { name: new RegExp(registration.replace(/\s+/g, '\\s*')) }).first().click();
  await page.waitForURL(/\/tabs\/tabs\/(drivertabs|driver)$/);
}

/** A JPEG photo bigger than the 1600 px the app keeps, drawn by the browser. */
async function photoFile(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const b64 = await page.evaluate(async () => {
    const c = new OffscreenCanvas(2400, 1800);
    const g = c.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#8a1c1c';
    g.fillRect(0, 0, 2400, 1800);
    g.fillStyle = '#ffffff';
    g.font = 'bold 260px sans-serif';
    g.fillText('WORN TYRE', 200, 1000);
    const blob = await c.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return { name: 'tyre.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') };
}

/** Fills the vehicle's check list: the first item faulty with a photo and note, the rest passed. */
async function fillChecklist(page: Page, size: 'phone' | 'tablet'): Promise<{ faultyItem: string; total: number }> {
  await page.goto('/tabs/tabs/vcl');
  const list = page.getByRole('list', { name: 'Check list items' });
  await list.waitFor({ timeout: 20_000 });
  const items = list.getByRole('listitem');
  const total = await items.count();
  expect(total).toBeGreaterThan(1);
  await expect.poll(() => page.getByText(`0 of ${total} checked`).first().isVisible()).toBe(true);
  await expectAccessible(page, `vcl, new check list (${size})`);
  await shot(page, 'checklist-vcl', size);

  const first = items.first();
  const faultyItem = (await first.locator('span').first().textContent())?.trim() ?? '';
  const faulty = first.getByRole('button', { name: 'Faulty' });
  const box = await faulty.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(56);
  await faulty.click();
  await page.waitForURL(/editfault\?item=0/);
  await page.getByText('Take a photo').waitFor();
  await page.locator('input[type=file]').setInputFiles(await photoFile(page));
  const preview = page.getByRole('img', { name: `Photo of the fault on ${faultyItem}` });
  await preview.waitFor({ timeout: 15_000 });
  await page.getByLabel('What is wrong?').fill('Nearside front tyre worn to 1 mm');
  await expectAccessible(page, `editfault with a photo (${size})`);
  await shot(page, 'checklist-editfault', size);
  await page.getByRole('button', { name: 'Save fault' }).click();
  await page.waitForURL(/\/tabs\/tabs\/vcl$/);

  await page.getByRole('button', { name: `Mark the other ${total - 1} as Pass` }).click();
  await page.getByText(`${total} of ${total} checked`).first().waitFor();
  await page.getByLabel('Mileage').fill('41,250');
  await expect.poll(() => page.getByLabel('Operator').inputValue()).toBe(DRIVER);
  await expectAccessible(page, `vcl, all answered with one fault (${size})`);
  await page.getByRole('button', { name: 'Continue to sign-off' }).click();
  await page.waitForURL(/signoff$/);
  return { faultyItem, total };
}

/** Draws a signature with the pointer (a finger drag on a touch screen moves the same pointer events). */
async function sign(page: Page, size: 'phone' | 'tablet'): Promise<void> {
  const canvas = page.getByRole('img', { name: /^Signature/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature box');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * ((box.width - 60) / 12), y + (i % 2 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
  await expect.poll(() => canvas.getAttribute('data-signed')).toBe('true');
  await expectAccessible(page, `signoff, signed (${size})`);
  await shot(page, 'checklist-signoff', size);
}

beforeAll(async () => {
  browser = await launchBrowser();
  office = await newPage(browser);
  await signIn(office);
  siteId = await siteOf(office);
  const answer = await apiGet<{ vehicles: Vehicle[] }>(office, `vehicles?siteid=${siteId}`);
  vehicles = answer.vehicles.slice(0, 4);
  expect(vehicles).toHaveLength(4);
  // A check list template for any vehicle type of the site (a template for the type, if any, comes first).
  const admin = await newPage(browser);
  await signIn(admin, inject('adminEmail'));
  const made = await apiPost<{ ok: number; message?: string }>(admin, 'updateconfigrecord', {
    mode: 'add', list: 'vcls', id: 0,
    rec: { name: 'E2E daily walk-round', unittype: null, items: ['Tyres', 'Lights', 'Mirrors', 'Horn', 'Wipers', 'Brakes'].map((item) => ({ item })) },
  });
  expect(made.ok, made.message).toBe(1);
  await admin.context().close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('driver check list', () => {
  for (const [size, options, index] of [['phone', PHONE, 0], ['tablet', TABLET, 1]] as const) {
    it(`is filled, signed and stored exactly once at ${size} size`, async () => {
      const vehicle = vehicles[index] as Vehicle;
      const before = await officeCount(vehicle.unitid);
      const { context, page } = await cabDevice(options);
      await driverOnVehicle(page, vehicle.registration);
      const { faultyItem, total } = await fillChecklist(page, size);
      await expect.poll(() => page.getByText(`${total} items checked for ${vehicle.registration}`).isVisible()).toBe(true);
      await page.getByText(faultyItem, { exact: true }).first().waitFor();
      await sign(page, size);

      await page.getByRole('button', { name: 'Sign off', exact: true }).click();
      await page.getByText(`Check list for ${vehicle.registration} saved.`).waitFor({ timeout: 20_000 });
      await expectAccessible(page, `signoff, saved (${size})`);

      const ids = await waitForOfficeCount(vehicle.unitid, before.count + 1);
      const newId = ids.find((id) => !before.ids.includes(id)) as number;
      const { checklist } = await apiGet<VclView>(office, `vclview?id=${newId}`);
      expect(checklist).toMatchObject({ uid: vehicle.unitid, operator: DRIVER, mileage: 41250, ic: 1 });
      expect(checklist.items).toHaveLength(total);
      const fault = checklist.items.find((i) => i.faulty);
      expect(fault).toMatchObject({ item: faultyItem, note: 'Nearside front tyre worn to 1 mm' });
      expect(fault?.image).toEqual(expect.any(Number));
      // The photo reached the server resized on the device (long side at most 1600 px).
      const side = await office.evaluate(async (id) => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
        const res = await fetch(`/api/v1/image?id=${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
        const bitmap = await createImageBitmap(await res.blob());
        return Math.max(bitmap.width, bitmap.height);
      }, fault?.image as number);
      expect(side).toBeLessThanOrEqual(1600);
      expect(side).toBeGreaterThan(100);
      // The office's check list viewer shows it, with the fault's photo.
      await office.goto(`/tabs/tabs/vclviewer?id=${newId}`);
      await office.getByRole('heading', { level: 1, name: `Check list: ${vehicle.registration}` }).waitFor();
      await expect.poll(() => office.getByTestId('vcl-item').count()).toBe(total);
      await expect.poll(() => office.getByTestId('vcl-photo').count()).toBeGreaterThanOrEqual(1);
      await office.getByText('Nearside front tyre worn to 1 mm').first().waitFor();

      // The driver's view of the vehicle shows the fault with its photo.
      await page.goto('/tabs/tabs/unitcheck');
      await page.getByRole('heading', { name: /Open faults/ }).waitFor();
      await page.getByRole('img', { name: `Photo of the fault on ${faultyItem}` }).first().waitFor({ timeout: 15_000 });
      await expectAccessible(page, `unitcheck with an open fault (${size})`);
      await shot(page, 'checklist-unitcheck', size);
      // unitsignoff: the driver declares they have seen the open faults, after a confirm.
      await page.getByRole('button', { name: 'I have seen these faults' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Note (optional)').fill('Tyre booked in for Thursday');
      await expectAccessible(page, `unitcheck, confirm seen (${size})`);
      await dialog.getByRole('button', { name: 'Yes, I have seen them' }).click();
      await page.getByText('Recorded: you have seen the faults.').waitFor();
      await page.getByText(new RegExp(`^Faults seen by ${DRIVER}`)).waitFor();
      await context.close();
    }, 180_000);
  }

  it('signed off without signal is kept on the device and arrives exactly once after a reload', async () => {
    const vehicle = vehicles[2] as Vehicle;
    const before = await officeCount(vehicle.unitid);
    const { context, page } = await cabDevice(PHONE);
    await driverOnVehicle(page, vehicle.registration);
    await fillChecklist(page, 'phone');
    await sign(page, 'phone');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sign off', exact: true }).click();
    await page.getByText('No signal: saved on this phone, it will be sent when the signal returns.').first().waitFor({ timeout: 20_000 });
    await page.getByText('Waiting to send (1)').first().waitFor();
    await expect.poll(() => page.getByText('Check list for ' + vehicle.registration, { exact: true }).first().isVisible()).toBe(true);
    // Logging off now would leave it behind: the confirm says it stays on the device (and Cancel keeps the driver on).
    await page.getByRole('button', { name: 'Log off from the vehicle' }).click();
    const leaving = page.getByRole('dialog', { name: 'Log off from the vehicle' });
    await leaving.getByText('1 check list is still waiting to be sent.', { exact: false }).waitFor();
    await expectAccessible(page, 'log off with a check list waiting (phone)');
    await leaving.getByRole('button', { name: 'Cancel' }).click();
    await leaving.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'signoff, kept without signal (phone)');
    await shot(page, 'checklist-offline', 'phone');
    expect((await officeCount(vehicle.unitid)).count).toBe(before.count);

    await context.setOffline(false);
    await page.reload();
    await waitForOfficeCount(vehicle.unitid, before.count + 1);
    await page.goto('/tabs/tabs/vcl');
    await expect.poll(() => page.getByText(/Waiting to send/).count(), { timeout: 20_000 }).toBe(0);
    // Another pass of the outbox (a later start, the 30 s timer) finds nothing left to send.
    await page.reload();
    await page.getByRole('list', { name: 'Check list items' }).waitFor({ timeout: 20_000 });
    expect((await officeCount(vehicle.unitid)).count).toBe(before.count + 1);
    await context.close();
  }, 180_000);

  it('a refused signature upload stops the save, says so, and Try again sends it once', async () => {
    const vehicle = vehicles[3] as Vehicle;
    const before = await officeCount(vehicle.unitid);
    const { context, page } = await cabDevice(TABLET);
    await driverOnVehicle(page, vehicle.registration);
    await fillChecklist(page, 'tablet');
    await sign(page, 'tablet');

    // The signature is the only PNG the check list uploads (photos are JPEG once resized).
    let refused = 0;
    await page.route('**/api/v1/sendtempimage*', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (body.includes('Content-Type: image/png')) {
        refused += 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ ok: 0, message: 'The upload store is not answering.' }) });
      } else await route.continue();
    });
    let saves = 0;
    page.on('request', (r) => {
      if (r.url().includes('/signoffchecklistv5')) saves += 1;
    });
    await page.getByRole('button', { name: 'Sign off', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The check list was not signed off' });
    await alert.waitFor({ timeout: 20_000 });
    await expect.poll(() => alert.textContent()).toContain('Unknown error (Uploading signature): The upload store is not answering.');
    await expectAccessible(page, 'signoff, signature refused (tablet)');
    await shot(page, 'checklist-failed', 'tablet');
    expect(refused).toBe(1);
    expect(saves).toBe(0);
    expect((await officeCount(vehicle.unitid)).count).toBe(before.count);

    await page.unroute('**/api/v1/sendtempimage*');
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await waitForOfficeCount(vehicle.unitid, before.count + 1);
    await expect.poll(() => page.getByText(/Waiting to send/).count(), { timeout: 20_000 }).toBe(0);
    expect(saves).toBe(1);
    await context.close();
  }, 180_000);
});
