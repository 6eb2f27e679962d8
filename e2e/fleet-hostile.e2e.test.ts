import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileVehicles, openSignedIn, waitForFleetPage } from './support.ts';

// Issue 8, item 2: one bad vehicle record must never break the fleet page. The real `vehicles`
// answer is rewritten in the browser with hostile values (coordinates out of range, numbers as
// text, null, 1e308, a year-9999 time, huge text, unknown enums); the page must still render the
// map and every vehicle in the list, with no error screen, and draw only drawable positions.
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ prepare: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) }));
});
afterAll(async () => {
  await browser?.close();
});

describe('fleet page with hostile vehicle data', () => {
  it("survives the issue's record: a latitude of -214.7 that the answer's schema accepts", async () => {
    await page.route('**/api/v1/vehicles?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { ok: number; vehicles: Record<string, unknown>[] };
      body.vehicles = body.vehicles.map((v, i) => (i === 0 ? { ...v, lat: -214.7, lon: 214.7 } : v));
      await route.fulfill({ response, json: body });
    });
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    await page.getByText('No valid position').first().waitFor();
    await page.unroute('**/api/v1/vehicles?*');
  });

  it('renders the map and lists every vehicle when the vehicles answer holds impossible values', async () => {
    let rewritten: { unitid: unknown; registration: unknown }[] = [];
    await page.route('**/api/v1/vehicles?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { ok: number; vehicles: Record<string, unknown>[] };
      body.vehicles = hostileVehicles(body.vehicles);
      rewritten = body.vehicles as typeof rewritten;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    expect(rewritten.length).toBeGreaterThan(12);

    // Every vehicle is listed, the bad ones included (with a plain note instead of a position).
    const rows = page.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]');
    await expect.poll(() => rows.count()).toBe(rewritten.length);
    await page.getByText(`${rewritten.length} vehicles`, { exact: true }).waitFor();
    expect(await page.getByText('No valid position').count()).toBeGreaterThanOrEqual(5);
    // Details of the worst one open and say so too.
    const out = rewritten[0];
    await page.locator(`li[data-unit="${String(out?.unitid)}"]`).getByRole('button', { name: /^Details of/ }).click();
    const details = page.getByTestId('vehicle-details');
    await details.waitFor();
    await details.getByText('No valid position').waitFor();
    expect(await details.getByRole('button', { name: 'Follow' }).isDisabled()).toBe(true);
    await details.getByRole('button', { name: 'Back to the list' }).click();

    // Picking a vehicle without a position in the list moves nothing and breaks nothing.
    await rows.first().getByRole('button').first().click();
    await page.getByTestId('map-card').waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    expect(await page.getByText('could not be shown').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
