import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openSignedIn } from './support.ts';

// Issue 15, item 5: the estate page of a super administrator: a customer added, a site added to it,
// a unit registered there, the site's removal refused while the unit is on it (the reason shown),
// the unit taken off, the site removed, the customer suspended; unit types' IO maps; the search.
const SLOW = { timeout: 15_000 };
const stamp = Date.now().toString(36);
const CUSTOMER = `E2E Estate ${stamp}`;
const SITE = `E2E Yard ${stamp}`;
const DEVICE = `e2e-estate-${stamp}`;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ email: 'super@fleet.test', password: 'Super!2026pass' }));
});
afterAll(async () => { await browser?.close(); });

describe('the estate page', () => {
  it('adds a customer, a site and a unit, refuses to remove a site with a unit, then removes both and suspends the customer', async () => {
    await page.goto('/tabs/tabs/superadmin');
    await page.getByRole('button', { name: 'Open Aire Valley Logistics: its sites and units' }).waitFor(SLOW);
    await expectAccessible(page, 'the estate page at 1440x900');

    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(CUSTOMER);
    await dialog.getByLabel('Months of positions kept').fill('24');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    const open = page.getByRole('button', { name: `Open ${CUSTOMER}: its sites and units` });
    await open.waitFor(SLOW);
    await open.click();

    const drawer = page.getByRole('dialog', { name: CUSTOMER });
    await drawer.getByText('No sites yet: add the first one above.').waitFor(SLOW);
    await drawer.getByLabel('New site').fill(SITE);
    await drawer.getByRole('button', { name: 'Add site' }).click();
    await drawer.getByRole('heading', { name: SITE }).waitFor(SLOW);

    await drawer.getByRole('button', { name: `Add unit to ${SITE}` }).click();
    await drawer.getByLabel('Device id (IMEI)').fill(DEVICE);
    await drawer.getByRole('combobox', { name: 'Unit type' }).click();
    await page.getByRole('option').first().click();
    await drawer.getByLabel('Registration').fill(`E2E ${stamp}`);
    await drawer.getByRole('button', { name: 'Add unit', exact: true }).click();
    await drawer.getByText(`E2E ${stamp}`, { exact: true }).waitFor(SLOW);
    await expectAccessible(page, 'a customer\'s sites and units');

    // Refused while the unit is on the site, with the reason.
    await drawer.getByRole('button', { name: `Remove site ${SITE}` }).click();
    let confirm = page.getByRole('dialog', { name: `Remove ${SITE}?` });
    await confirm.getByRole('button', { name: 'Remove site' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Move or remove its 1 unit first.' }).waitFor(SLOW);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await drawer.getByRole('button', { name: `Take E2E ${stamp} off its site` }).click();
    confirm = page.getByRole('dialog', { name: `Take E2E ${stamp} off its site?` });
    await confirm.getByRole('button', { name: 'Take off site' }).click();
    await confirm.waitFor({ state: 'hidden', ...SLOW });
    await drawer.getByText(`E2E ${stamp}`, { exact: true }).waitFor({ state: 'detached', ...SLOW });

    await drawer.getByRole('button', { name: `Remove site ${SITE}` }).click();
    confirm = page.getByRole('dialog', { name: `Remove ${SITE}?` });
    await confirm.getByRole('button', { name: 'Remove site' }).click();
    await drawer.getByText('No sites yet: add the first one above.').waitFor(SLOW);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...SLOW });

    await page.getByRole('button', { name: `Actions for ${CUSTOMER}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${CUSTOMER}?` });
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await suspend.getByText('Say why the customer is suspended.').waitFor(SLOW);
    await suspend.getByLabel('Reason').fill('E2E: contract ended');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    const row = page.getByRole('row').filter({ hasText: CUSTOMER });
    await row.getByText('Suspended').waitFor(SLOW);
  });

  it('shows unit types with the IO mapping editor, and finds what the caller may see', async () => {
    await page.getByRole('tab', { name: 'Unit types' }).click();
    await page.getByRole('button', { name: /^Edit unit type / }).first().click();
    const editor = page.getByRole('dialog');
    await editor.getByLabel('Ignition').waitFor(SLOW);
    expect(await editor.getByLabel('Ignition').getAttribute('placeholder')).toBe('239');
    await expectAccessible(page, 'the IO mapping editor');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await page.getByLabel('Search').fill('Bradford');
    await page.getByRole('button', { name: /Site\s*Bradford Yard/ }).waitFor(SLOW);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'the estate page at 390x844');
  });
});
