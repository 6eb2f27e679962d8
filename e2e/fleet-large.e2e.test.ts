import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, openSignedIn, siteOf } from './support.ts';

// A fleet past the list's virtual threshold (150): only rows near the view are in the page, and
// scrolling, searching and picking still reach every vehicle. Played on the Northway demo site,
// which other browser tests leave alone; units are registered through the API as an administrator.
const EXTRA = 180;
let browser: Browser;
let page: Page;

const rows = () => page.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]');

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({
    email: 'admin@northway.example',
    context: { baseURL: inject('altBaseUrl') },
  }));
  const siteid = await siteOf(page);
  for (let i = 1; i <= EXTRA; i++) {
    const answer = await apiPost<{ ok: number }>(page, 'addnewsiteunit', {
      siteid, uid: `35999900000${String(i).padStart(4, '0')}`, unittype: 1, registration: `VL${String(i).padStart(3, '0')} BIG`,
    });
    expect(answer.ok).toBe(1);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('a large fleet in the vehicle list', () => {
  it('renders only the rows near the view, yet scrolls to the last vehicle and finds any by search', async () => {
    await page.goto('/tabs/tabs/fleet');
    const siteid = await siteOf(page);
    const { vehicles } = await apiGet<{ vehicles: { registration: string }[] }>(page, `vehicles?siteid=${siteid}`);
    expect(vehicles.length).toBeGreaterThanOrEqual(EXTRA);
    await page.getByText(`${vehicles.length} vehicles`, { exact: true }).waitFor();
    await rows().first().waitFor();
    const rendered = await rows().count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    // Screen readers still hear the whole list's size.
    expect(await rows().first().getAttribute('aria-setsize')).toBe(String(vehicles.length));

    // Registration order: the last of ours is 'VL180 BIG' unless a demo vehicle sorts after it.
    const last = [...vehicles.map((v) => v.registration)].sort(new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' }).compare).at(-1) ?? '';
    await page.getByRole('list', { name: 'Vehicles' }).evaluate((ul) => {
      const scroller = ul.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
    await page.getByRole('list', { name: 'Vehicles' }).getByText(last, { exact: true }).waitFor();
    expect(await rows().count()).toBeLessThan(60);

    await page.getByLabel('Search vehicles').fill('VL077');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('list', { name: 'Vehicles' }).getByText('VL077 BIG', { exact: true }).waitFor();
  });
});
