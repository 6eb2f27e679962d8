import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, expectAccessible, launchBrowser, newPage, signIn } from './support.ts';

// Issue 15, items 7 and 8 in the browser: an administrator imports check list templates from a CSV
// file (a bad row refused in the preview, the good ones added), exports a list, and finds the
// import in the audit log with the record in the drawer. FLEET_SCREENSHOTS=1 writes the screenshots.
const SHOTS = process.env.FLEET_SCREENSHOTS === '1';
const SHOT_DIR = path.resolve(import.meta.dirname, '../docs/screenshots');
let browser: Browser;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOT_DIR, `${name}.png`) });
}

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const stamp = Date.now().toString(36);
const CSV = `name,unittype,items\r\nE2E walk-round ${stamp},,Tyres; Lights\r\n,,Tyres\r\nE2E trailer ${stamp},,Coupling\r\n`;

describe('import, export and the audit log', () => {
  it('imports a CSV with a preview and a report, exports a list, and shows the import in the audit log', async () => {
    const page = await newPage(browser);
    await signIn(page, inject('adminEmail'));
    await page.goto('/tabs/tabs/config/import');
    await page.getByRole('heading', { name: 'Import and export', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Add to the list' }).click();
    await page.getByRole('option', { name: 'Vehicle check lists' }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'walkrounds.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('2 rows will be added').waitFor();
    await expect.poll(() => page.getByText('1 row refused').count()).toBe(1);
    const table = page.getByRole('table', { name: "The file's rows" });
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'name:' }).count()).toBe(1); // the refused row, with its reason
    await page.locator('label', { hasText: 'All rows' }).click();
    await shot(page, 'admin-import-desktop');
    await expectAccessible(page, 'the import preview');
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('2 added to Vehicle check lists').waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Refused rows' }).getByRole('row').count()).toBe(2);
    const list = await apiGet<{ records: Array<{ name: string }> }>(page, `configlist?list=vcls&q=${stamp}`);
    expect(list.records.map((r) => r.name).sort()).toEqual([`E2E trailer ${stamp}`, `E2E walk-round ${stamp}`]);

    // Export: the download holds the imported templates.
    await page.getByRole('combobox', { name: 'List', exact: true }).click();
    await page.getByRole('option', { name: 'Vehicle check lists' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vcls-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const text = (await import('node:fs')).readFileSync(file, 'utf8');
    expect(text).toContain(`E2E walk-round ${stamp}`);

    // The audit log: the import's lines, the record in the drawer.
    await page.goto('/tabs/tabs/config/audit');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(`walk-round ${stamp}`);
    const row = page.getByRole('row').filter({ hasText: 'config.vcls.add' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'admin-audit-desktop');
    await row.getByRole('button', { name: /^Details of config\.vcls\.add/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Audit line' });
    await drawer.getByText('Imported from walkrounds.csv, row 2').waitFor();
    await drawer.getByRole('table', { name: 'Before and after' }).getByRole('cell', { name: `E2E walk-round ${stamp}`, exact: true }).waitFor();
    await expectAccessible(page, 'the audit line drawer');
    await page.keyboard.press('Escape');
    await page.context().close();

    // On a phone the lines are cards.
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(phone, inject('adminEmail'));
    await phone.goto('/tabs/tabs/config/audit');
    await phone.getByRole('listitem').first().waitFor();
    await shot(phone, 'admin-audit-phone');
    await phone.goto('/tabs/tabs/config/import');
    await phone.getByRole('heading', { name: 'Import and export', level: 1 }).waitFor();
    await shot(phone, 'admin-import-phone');
    await phone.context().close();
  }, 60_000);
});
