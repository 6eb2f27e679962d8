// Issue 14, item 2, against the real server: the office opens a past week at tracksectimesheetsignoff,
// picks a driver, signs with the signature pad (the driver beside them signs too) and signs the sheet off; the row turns "Signed off v1"
// and its PDF downloads (a real PDF with the brand's and the driver's names, parsed back). The driver,
// signed in on a cab device, reads the current week on the cab home and signs it. SCREENSHOTS=1
// writes the pages at phone, tablet and desktop sizes into docs/screenshots.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, launchBrowser, newPage, signIn, siteOf } from './support.ts';

const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const shotDir = path.resolve(import.meta.dirname, '../docs/screenshots');
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  tablet: { viewport: { width: 1024, height: 768 }, hasTouch: true },
  desktop: { viewport: { width: 1920, height: 1080 } },
} as const;
const DRIVER = 'James Holroyd';
const POLL = { timeout: 20_000 };

interface WeekAnswer { ok: number; wc: string; timesheets: Array<{ id: number | null; driver: { id: number; name: string }; lockedAt: string | null }> }

let browser: Browser;

async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(shotDir, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
}

/** A Monday `weeks` weeks before this one (UTC dates; the demo site is in London). */
function mondayWeeksAgo(weeks: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - weeks * 7);
  return d.toISOString().slice(0, 10);
}

/** Draws a signature across a signature pad's canvas with the mouse. */
async function draw(page: Page, name: RegExp): Promise<void> {
  const canvas = page.getByRole('img', { name });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature box');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * ((box.width - 60) / 12), y + (i % 2 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
  await expect.poll(() => canvas.getAttribute('data-signed')).toBe('true');
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('timesheet sign-off in the office', () => {
  it('signs off a driver\'s week with a drawn signature and downloads its PDF', async () => {
    const page = await newPage(browser, SIZES.desktop);
    await signIn(page);
    const wc = mondayWeeksAgo(9);
    const week = await apiGet<WeekAnswer>(page, `timesheetsignoffs?wcnumber=${wc}`);
    expect(week.ok).toBe(1);
    const entry = week.timesheets.find((e) => e.lockedAt === null);
    if (!entry) throw new Error('no open timesheet in the demo week');
    const name = entry.driver.name;

    await page.goto(`/tabs/tabs/tracksectimesheetsignoff?wc=${wc}`);
    await page.getByRole('heading', { level: 1, name: 'Timesheet sign-off' }).waitFor();
    const row = page.getByTestId(`signoff-row-${entry.driver.id}`);
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain('Not opened');
    await expectAccessible(page, 'tracksectimesheetsignoff');
    await row.getByRole('checkbox', { name: `Pick the timesheet of ${name}` }).check();
    await page.getByTestId('signoff-open').click();
    const dialog = page.getByRole('dialog', { name: 'Sign off 1 timesheet' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('signoff-drivers').textContent()).toContain(name);
    // Without a signature nothing is sent and the dialog says why.
    await dialog.getByLabel('Your name as printed under the signature').fill('Tom Whitaker');
    await dialog.getByTestId('signoff-submit').click();
    await dialog.getByText('Sign in the box first.').waitFor();
    await draw(page, /^Your signature/);
    // The driver is at the office: they sign on the same screen (printed on the PDF as the driver's).
    await dialog.getByRole('switch', { name: `${name} is here and signs too` }).check();
    await dialog.getByTestId('signoff-submit').click();
    await dialog.getByText('The driver signs in the box first, or switch this off.').waitFor();
    await draw(page, new RegExp(`^Signature of ${name}`));
    await expectAccessible(page, 'sign-off dialog');
    await shot(page, 'timesheet-signoff-dialog-desktop');
    await dialog.getByTestId('signoff-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => row.textContent(), POLL).toContain('Signed off v1');
    await expectAccessible(page, 'tracksectimesheetsignoff with a signed-off sheet');
    await shot(page, 'timesheet-signoff-desktop');

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `PDF v1 of ${name}: download the signed-off timesheet` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^timesheet-.+-${wc}-v1\\.pdf$`));
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(`Timesheet — ${name}`);
    expect(text).toContain('Tom Whitaker — ');
    expect(text).toContain(`${name} — `);
    await page.context().close();
  });

  it.each(['phone', 'tablet'] as const)('shows the week and its states at %s size', async (size) => {
    const page = await newPage(browser, SIZES[size]);
    await signIn(page);
    await page.goto(`/tabs/tabs/tracksectimesheetsignoff?wc=${mondayWeeksAgo(9)}`);
    await page.getByTestId('signoff-table').waitFor(POLL);
    await expect.poll(() => page.locator('[data-testid^="signoff-row-"]').count(), POLL).toBeGreaterThan(0);
    await expectAccessible(page, `tracksectimesheetsignoff (${size})`);
    await shot(page, `timesheet-signoff-${size}`);
    await page.context().close();
  });
});

describe('the driver\'s week on the cab home', () => {
  it('reads this week and signs it on the cab device', async () => {
    const office = await newPage(browser);
    await signIn(office);
    const site = await siteOf(office);
    const page = await newPage(browser, SIZES.tablet);
    await signIn(page, inject('adminEmail'));
    const registered = await apiPost<{ ok: number; device: unknown; message?: string }>(page, 'registercabdevice', {
      siteid: site, name: 'E2E timesheet cab',
    });
    expect(registered.ok, registered.message).toBe(1);
    await page.evaluate((device) => {
      localStorage.setItem('fleet.cabDevice', JSON.stringify(device));
      localStorage.removeItem('user');
    }, registered.device);
    await page.goto('/tabs/tabs/driverlogin');
    await page.getByRole('radio', { name: DRIVER }).click();
    await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/vehicleselection/);
    const vehicles = await apiGet<{ vehicles: Array<{ registration: string }> }>(office, `vehicles?siteid=${site}`);
    const registration = vehicles.vehicles[0]?.registration ?? '';
    await page.getByRole('button', { name: new RegExp(registration.replace(/\s+/g, '\\s*')) }).first().click();
    await page.waitForURL(/\/tabs\/tabs\/(drivertabs|driver)$/);

    const card = page.getByTestId('driver-week-this');
    await card.waitFor(POLL);
    await page.getByTestId('driver-week-last').waitFor(POLL);
    expect(await card.textContent()).toContain('Read your week and sign it.');
    await shot(page, 'timesheet-driver-card-tablet');
    await card.getByRole('button', { name: 'Read and sign your week, This week' }).click();
    const sheet = page.getByRole('dialog', { name: 'Your timesheet: This week' });
    await sheet.getByText('Total worked').waitFor();
    await draw(page, /^Your signature/);
    const sign = sheet.getByTestId('driver-week-sign');
    expect((await sign.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(56);
    await expectAccessible(page, 'the driver\'s week');
    await shot(page, 'timesheet-driver-sign-tablet');
    await sign.click();
    await sheet.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => card.textContent(), POLL).toContain('You signed this week.');
    const mine = await apiGet<{ ok: number; timesheet: { driverSignedAt: string | null } }>(page, 'drivertimesheet');
    expect(mine.timesheet.driverSignedAt).not.toBeNull();
    await page.context().close();
    await office.context().close();
  });
});
