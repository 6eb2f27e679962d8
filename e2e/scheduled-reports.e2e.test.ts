import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, expectAccessible, launchBrowser, newPage, signIn } from './support.ts';

// The scheduledreport page (issue 14) against the real server: add a schedule through the form,
// read it back in words, open its run log, and delete it after the question; on a phone, as cards.
let browser: Browser;
const SLOW = { timeout: 90_000 };

beforeAll(async () => {
  browser = await launchBrowser();
}, SLOW.timeout);
afterAll(async () => {
  await browser.close();
});

async function open(page: Page): Promise<void> {
  await signIn(page);
  await page.goto('/tabs/tabs/scheduledreport');
  await page.getByRole('heading', { level: 1, name: 'Scheduled reports' }).waitFor();
}

describe('scheduled reports page', () => {
  it('adds a weekly schedule through the form, shows it in words, opens its run log and deletes it after asking', SLOW, async () => {
    const page = await newPage(browser);
    await open(page);
    await page.getByRole('button', { name: 'Add a scheduled report' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill('Friday speeding e2e');
    // Bad input first: the form names what is wrong and sends nothing.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Add at least one address.').waitFor();
    await form.getByRole('combobox', { name: 'Report' }).click();
    await page.getByRole('option', { name: 'Speeding' }).click();
    await form.getByLabel('Speed threshold (km/h)').fill('90');
    await form.getByRole('combobox', { name: 'How often' }).click();
    await page.getByRole('option', { name: 'Once a week' }).click();
    await form.getByRole('combobox', { name: 'On', exact: true }).click();
    await page.getByRole('option', { name: 'Friday' }).click();
    await form.getByLabel('At (site time, HH:mm)').fill('17:30');
    await form.locator('label', { hasText: 'XLSX' }).click();
    const to = form.getByRole('combobox', { name: 'Mail to' });
    await to.fill('fleet.manager@aire-valley.example');
    await to.press('Enter');
    await expectAccessible(page, 'scheduled report form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });

    const row = page.getByTestId('schedule').filter({ hasText: 'Friday speeding e2e' });
    await row.getByText('Fridays at 17:30').waitFor();
    await expect(row.getByText('Not run yet').isVisible()).resolves.toBe(true);
    const saved = await apiGet<{ schedules: Array<{ name: string; what: string; options: { threshold?: number }; format: string; weekday: number; recipients: string[] }> }>(page, 'scheduledreports');
    expect(saved.schedules.find((s) => s.name === 'Friday speeding e2e')).toMatchObject({
      what: 'speeding', options: { threshold: 90 }, format: 'xlsx', weekday: 5, recipients: ['fleet.manager@aire-valley.example'],
    });
    await expectAccessible(page, 'scheduled reports list');

    await row.getByRole('button', { name: 'Run log of Friday speeding e2e' }).click();
    await page.getByText('This report has not run yet.').waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();

    await row.getByRole('button', { name: 'Delete Friday speeding e2e' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this scheduled report?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.isVisible()).resolves.toBe(true);
    await row.getByRole('button', { name: 'Delete Friday speeding e2e' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('on a phone the schedules are cards and the form fills the screen', SLOW, async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await open(page);
    await page.getByRole('button', { name: 'Add a scheduled report' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill('Phone daily e2e');
    const to = form.getByRole('combobox', { name: 'Mail to' });
    await to.fill('ops.phone@aire-valley.example');
    await to.press('Enter');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    const card = page.getByRole('listitem').filter({ hasText: 'Phone daily e2e' });
    await card.getByText('Weekdays at 07:00', { exact: false }).waitFor();
    await expectAccessible(page, 'scheduled reports on a phone');
    await page.context().close();
  });
});
