import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, hostileVehicles, openSignedIn, siteOf, waitForFleetPage } from './support.ts';

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

  it('survives hostile live updates on the socket, and shows what they say through the same guard', async () => {
    await page.unroute('**/api/v1/vehicles?*');
    // The page's socket goes through here: everything is passed on, and we can add messages.
    let socket: WebSocketRoute | null = null;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      ws.connectToServer();
      socket = ws;
    });
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    const { vehicles } = await apiGet<{ vehicles: { unitid: number }[] }>(page, `vehicles?siteid=${await siteOf(page)}`);
    const [a, b, c, d] = vehicles.map((v) => v.unitid);
    const at = new Date(Date.now() + 1000).toISOString();
    const update = (unitid: number | undefined, extra: Record<string, unknown>) => ({
      unitid, lat: 53.8, lon: -1.55, speed: 10, ign: 1, direction: 90, updated: at, vehiclealarm: false, ptotrigger1: 0, ptotrigger2: 0, ...extra,
    });
    // socket.io's frame for an event: '42' and the JSON of [name, ...args].
    const push = (payload: unknown) => (socket as WebSocketRoute | null)?.send(`42${JSON.stringify(['vehicles:update', payload])}`);
    push('not a list');
    push([null, 5, 'x', { unitid: 'x' }]);
    push([
      update(a, { lat: 200, lon: -1.5 }),
      update(b, { lat: 'NaN', lon: null, speed: 1e308, direction: 'east' }),
      update(c, { lat: -214.7483648, lon: 214.7483647, updated: '9999-12-31T23:59:59Z', loc: 'L'.repeat(5000) }),
      update(d, { speed: -50, vehiclealarm: 'yes' }),
    ]);
    await page.waitForTimeout(1000);
    await waitForFleetPage(page);
    for (const unitid of [a, b, c]) await page.locator(`li[data-unit="${unitid}"]`).getByText('No valid position').waitFor();
    expect(await page.locator(`li[data-unit="${d}"]`).textContent()).not.toContain('-50');
    expect(pageErrors).toEqual([]);
  });
});

describe('an error boundary per panel', () => {
  it('shows a failing panel as a short message with a retry while the rest of the page works on', async () => {
    const { browser: b2, page: p2 } = await openSignedIn();
    try {
      // A fault that only the list rows meet: formatting a relative time throws while the switch is on.
      await p2.addInitScript(() => {
        const w = window as unknown as { breakTimes?: boolean };
        w.breakTimes = true;
        const format = Intl.RelativeTimeFormat.prototype.format;
        Intl.RelativeTimeFormat.prototype.format = function (this: Intl.RelativeTimeFormat, ...args: Parameters<typeof format>) {
          if (w.breakTimes) throw new Error('relative time broke');
          return format.apply(this, args);
        };
      });
      await p2.route('**/api/v1/vehicles?*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { vehicles: Record<string, unknown>[] };
        body.vehicles = body.vehicles.map((v) => ({ ...v, updated: new Date(Date.now() - 3_600_000).toISOString() }));
        await route.fulfill({ response, json: body });
      });
      await p2.goto('/tabs/tabs/fleet');
      const failed = p2.locator('[data-panel-error]');
      await failed.getByText('The vehicle list could not be shown.').waitFor({ timeout: 30_000 });
      // The page is still there: its header, the map, the tabs, the search box.
      expect(await p2.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
      await p2.getByRole('region', { name: "Map of the site's vehicles" }).locator('canvas.maplibregl-canvas').waitFor();
      await p2.getByRole('searchbox', { name: 'Search vehicles' }).fill('a');
      await p2.getByRole('tab', { name: 'Drivers' }).click();
      await p2.getByRole('tab', { name: 'Vehicles' }).click();
      // Once the fault is gone, the retry brings the list back.
      await p2.getByRole('searchbox', { name: 'Search vehicles' }).fill('');
      await p2.evaluate(() => {
        (window as unknown as { breakTimes?: boolean }).breakTimes = false;
      });
      await failed.first().getByRole('button', { name: 'Try again' }).click();
      await p2.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]').first().waitFor();
      expect(await p2.locator('[data-panel-error]').count()).toBe(0);
    } finally {
      await b2.close();
    }
  });
});
