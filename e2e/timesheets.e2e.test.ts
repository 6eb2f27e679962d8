import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, newPage, openSignedIn, signIn } from './support.ts';

// Timesheets (issue 14) in Chromium: the demo operator of Leeds Depot (Tracksec) opens a past
// week, opens a driver's week in the drawer, corrects a shift's break through the form and sees
// the audit line with their name and the values before and after. A user without Tracksec sees
// neither the menu entry nor the page.
let browser: Browser;
let page: Page;

interface ListEntry { id: number | null; driver: { id: number; name: string }; shifts: number }

/** The Monday `weeks` weeks before this one (UTC dates: a week this far back has no demo trips). */
function weekBack(weeks: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - 7 * weeks);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn());
});
afterAll(async () => { await browser?.close(); });

describe('timesheets', () => {
  const wc = weekBack(30);
  let driver: ListEntry['driver'];

  it("opens a driver's week, corrects a shift and shows the audit line", { timeout: 60_000 }, async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Timesheets' }).waitFor({ timeout: 15_000 });
    const list = await apiGet<{ ok: number; timesheets: ListEntry[] }>(page, `gettimesheets?wcoverride=${wc}`);
    expect(list.ok).toBe(1);
    const free = list.timesheets.find((e) => e.id === null && e.shifts === 0);
    expect(free).toBeDefined();
    driver = (free as ListEntry).driver;
    // The week is entered by hand: no trips that far back.
    const made = await apiPost<{ ok: number; timesheet: { id: number } }>(page, 'createdufftimesheet', { driver: driver.id, wc });
    expect(made.ok).toBe(1);
    const tuesday = new Date(Date.parse(`${wc}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const added = await apiPost<{ ok: number }>(page, 'addtimesheetshift', {
      id: made.timesheet.id, start: `${tuesday}T07:00:00Z`, end: `${tuesday}T15:00:00Z`, breakS: 1800, notes: 'Yard training',
    });
    expect(added.ok).toBe(1);

    await page.goto(`/tabs/tabs/tracksectimesheets/${wc}`);
    const row = page.getByTestId(`timesheet-row-${driver.id}`);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Open (v1)');
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('8:00');
    await page.getByRole('button', { name: `Open ${driver.name}'s week` }).click();
    const drawer = page.getByRole('dialog', { name: `${driver.name}: timesheet` });
    await drawer.waitFor({ timeout: 15_000 });
    await drawer.getByText('Yard training', { exact: true }).waitFor({ timeout: 15_000 });
    await drawer.getByText('Added by the office', { exact: true }).waitFor({ timeout: 15_000 });

    await drawer.getByRole('button', { name: /^Correct the shift/ }).click();
    const form = page.getByRole('dialog', { name: 'Correct a shift' });
    const brk = form.getByLabel('Break (minutes)');
    expect(await brk.inputValue()).toBe('30');
    // Bad input is refused on the form: nothing is sent.
    await brk.fill('-5');
    await form.getByText('Enter whole minutes, 0 to 720.').waitFor({ timeout: 15_000 });
    expect(await form.getByRole('button', { name: 'Save corrections' }).isDisabled()).toBe(true);
    await brk.fill('45');
    await form.getByRole('button', { name: 'Save corrections' }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });

    const audit = drawer.getByTestId('timesheet-audit');
    const line = audit.getByRole('row').filter({ hasText: 'Break changed' });
    await expect.poll(() => line.textContent(), { timeout: 15_000 }).toContain('Tom Whitaker');
    await expect.poll(() => line.textContent(), { timeout: 15_000 }).toContain('0:30');
    await expect.poll(() => line.textContent(), { timeout: 15_000 }).toContain('0:45');
    await expect.poll(() => audit.getByRole('row').filter({ hasText: 'Shift added' }).textContent(), { timeout: 15_000 }).toContain('Yard training');
    // Worked: 8 h less the 15 minutes of break beyond the plan's paid 30.
    await drawer.getByText('7:45').first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'a driver\'s timesheet week');
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('7:45');
  });

  it("fills a phone's screen with the driver's week", { timeout: 30_000 }, async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(phone);
    await phone.goto(`/tabs/tabs/tracksectimesheets/${wc}?driver=${driver.id}`);
    const drawer = phone.getByRole('dialog', { name: `${driver.name}: timesheet` });
    await drawer.getByText('Yard training', { exact: true }).waitFor({ timeout: 15_000 });
    const box = await drawer.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(380);
    await phone.context().close();
  });

  it('hides the page and its menu entry from a user without Tracksec', { timeout: 30_000 }, async () => {
    const other = await newPage(browser);
    await signIn(other, 'admin.bradford@aire-valley.example', inject('demoPassword'));
    await other.getByTestId('side-menu').getByRole('link', { name: 'Fleet' }).waitFor({ timeout: 15_000 });
    expect(await other.getByTestId('side-menu').getByRole('link', { name: 'Timesheets' }).count()).toBe(0);
    await other.goto('/tabs/tabs/tracksectimesheets');
    await other.waitForURL(/\/tabs\/tabs\/fleet/);
    const refused = await apiGet<{ ok: number; message: string }>(other, 'gettimesheets');
    expect(refused).toMatchObject({ ok: 0, message: 'Only users with Tracksec may do this.' });
    await other.context().close();
  });
});
