import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, openSignedIn, siteOf } from './support.ts';

// Issue 10: one unit system per site. A site administrator sets it on the config page; the site's
// pages read speeds in mph or km/h and a place's radius in yd or m, unit symbols never upper-cased.
// Also the accessibility gate on the other pages changed with it: working hours (24-hour text
// inputs), the group manager (opens on the list) and the places rows (Delete apart from Edit).
const SLOW = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const browsers: Browser[] = [];
let admin: Page;
let ops: Page;
let placeId: number | undefined;

async function signedIn(email: string): Promise<Page> {
  const { browser, page } = await openSignedIn({ email });
  browsers.push(browser);
  return page;
}

/** Checks the page as it is at desktop size and again at phone size (then back to desktop). */
async function accessibleAtBothSizes(page: Page, what: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${what} at 1440x900`);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${what} at 390x844`);
  await page.setViewportSize(DESKTOP);
}

/** The Speed fact of the unit debugger's summary for a unit of the site. */
async function debuggerSpeed(page: Page, unitId: number): Promise<string> {
  await page.goto(`/tabs/tabs/debug/${unitId}`);
  await page.getByTestId('unit-registration').waitFor(SLOW);
  return (await page.locator('dt', { hasText: /^Speed$/ }).locator('xpath=following-sibling::dd').innerText()).trim();
}

/** The kind badge of a place's row as a person reads it (innerText follows CSS text-transform). */
async function placeKind(page: Page, id: number): Promise<string> {
  await page.goto('/tabs/tabs/fleet');
  await page.getByRole('tab', { name: 'Places' }).click();
  const badge = page.locator(`li[data-poi="${id}"] [data-testid="poi-kind"]`);
  await badge.waitFor(SLOW);
  return (await badge.innerText()).trim();
}

beforeAll(async () => {
  admin = await signedIn(inject('adminEmail'));
  ops = await signedIn(inject('operatorEmail'));
  const saved = await apiPost<{ ok: number; id: number }>(ops, 'savepoi', { name: `E2E units circle ${Date.now()}`, mode: 1, gp: '53.81,-1.56', radius: 900 });
  expect(saved.ok).toBe(1);
  placeId = saved.id;
});

afterAll(async () => {
  // The site goes back to what every other browser test expects.
  if (admin) await apiPost(admin, 'setunitsystem', { system: 'imperial' }).catch(() => undefined);
  if (ops && placeId) await apiPost(ops, 'deletegeofence', { id: placeId }).catch(() => undefined);
  for (const b of browsers) await b.close();
});

describe('site unit system', () => {
  it('a site administrator switches the site to metric on the config page', async () => {
    await admin.goto('/tabs/tabs/config');
    const card = admin.getByTestId('site-units');
    await card.getByRole('radio', { name: 'Imperial: mi, mph, yd' }).waitFor(SLOW);
    expect(await card.getByRole('radio', { name: 'Imperial: mi, mph, yd' }).isChecked()).toBe(true);
    expect(await card.getByRole('button', { name: 'Save units' }).isDisabled()).toBe(true);
    await accessibleAtBothSizes(admin, 'the config page');

    await card.getByRole('radio', { name: 'Metric: km, km/h, m' }).check();
    await expect.poll(() => card.getByRole('status').textContent()).toContain('reads 48 km/h');
    await card.getByRole('button', { name: 'Save units' }).click();
    await admin.getByText('Units saved.', { exact: false }).waitFor(SLOW);
    expect((await apiGet<{ user: { unitsystem: string } }>(admin, 'user')).user.unitsystem).toBe('metric');
    // The administrator's own session follows at once: nothing left to save.
    await expect.poll(() => card.getByRole('button', { name: 'Save units' }).isDisabled(), SLOW).toBe(true);
  });

  it('a metric site shows speeds in km/h and a 900 m place as "Circle 900 m", never "900 M"', async () => {
    await apiPost(admin, 'setunitsystem', { system: 'metric' });
    const { vehicles } = await apiGet<{ vehicles: { unitid: number; speed: number }[] }>(ops, `vehicles?siteid=${await siteOf(ops)}`);
    const unit = vehicles[0];
    if (!unit || placeId === undefined) throw new Error('no vehicle or place to look at');
    // A page load reads the session again, with the site's units.
    await ops.reload();
    const speed = await debuggerSpeed(ops, unit.unitid);
    expect(speed).toMatch(/^\d+ km\/h$/);
    expect(await placeKind(ops, placeId)).toBe('Circle 900 m');
  });

  it('an imperial site shows speeds in mph and the same place in yards', async () => {
    await apiPost(admin, 'setunitsystem', { system: 'imperial' });
    const { vehicles } = await apiGet<{ vehicles: { unitid: number }[] }>(ops, `vehicles?siteid=${await siteOf(ops)}`);
    const unit = vehicles[0];
    if (!unit || placeId === undefined) throw new Error('no vehicle or place to look at');
    await ops.reload();
    expect(await debuggerSpeed(ops, unit.unitid)).toMatch(/^\d+ mph$/);
    expect(await placeKind(ops, placeId)).toBe('Circle 984 yd');
  });
});

describe('pages changed with it', () => {
  it('places rows: Delete set apart from Edit, 44 px targets on a phone, accessible at both sizes', async () => {
    if (placeId === undefined) throw new Error('no place');
    await placeKind(ops, placeId);
    await accessibleAtBothSizes(ops, 'the places panel');
    await ops.setViewportSize(PHONE);
    await ops.getByText('List', { exact: true }).click();
    const row = ops.locator(`li[data-poi="${placeId}"]`);
    const name = (await row.locator('[class*="title"]').innerText()).trim();
    const edit = await row.getByRole('button', { name: `Edit ${name}` }).boundingBox();
    const del = await row.getByRole('button', { name: `Delete ${name}` }).boundingBox();
    const toggle = await row.locator('label[class*="switchTarget"]').boundingBox();
    if (!edit || !del || !toggle) throw new Error('row actions not drawn');
    for (const box of [edit, del, toggle]) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    // Not side by side: a gap wider than a finger's slip lies between Edit and Delete.
    expect(del.x - (edit.x + edit.width)).toBeGreaterThanOrEqual(12);
    // Delete still asks first.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await ops.setViewportSize(DESKTOP);
    expect((await apiGet<{ poi: { id: number }[] }>(ops, `poi?siteid=${await siteOf(ops)}`)).poi.some((p) => p.id === placeId)).toBe(true);
  });

  it('the group manager opens on the list of groups, with New group; accessible at both sizes', async () => {
    await ops.goto('/tabs/tabs/fleet');
    await ops.getByRole('button', { name: "Create a group or change a group's vehicles" }).click();
    const dialog = ops.getByRole('dialog', { name: 'Vehicle groups' });
    const list = dialog.getByRole('list', { name: 'Groups' });
    await list.waitFor(SLOW);
    expect(await list.locator('li[data-group]').count()).toBeGreaterThan(0);
    expect(await dialog.getByLabel('Group name').count()).toBe(0);
    await accessibleAtBothSizes(ops, 'the group manager');
    await dialog.getByRole('button', { name: 'New group' }).click();
    await dialog.getByLabel('Group name').waitFor();
    await dialog.getByRole('button', { name: 'All groups' }).click();
    await list.waitFor();
  });

  it('working hours take 24-hour text: "6pm" is refused with a reason, "0630" becomes 06:30', async () => {
    await admin.goto('/tabs/tabs/config/workinghours');
    const start = admin.getByLabel('Start');
    await start.waitFor(SLOW);
    expect(await start.evaluate((el) => (el as HTMLInputElement).type)).toBe('text');
    await start.fill('6pm');
    await admin.getByLabel('End').click();
    await admin.getByText('Enter the start as a 24-hour time, e.g. 06:00.').waitFor();
    await accessibleAtBothSizes(admin, 'the working hours with an error');
    await start.fill('0630');
    await admin.getByLabel('End').click();
    expect(await start.inputValue()).toBe('06:30');
    expect(await admin.getByText('Enter the start as a 24-hour time', { exact: false }).count()).toBe(0);
  });
});
