import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, expectAccessible, openSignedIn, siteOf } from './support.ts';

// Browser tests of the fleet page (issue 4): the MapLibre map renders, the list shows the site's
// vehicles, search filters as you type, a group view narrows the list, and fleet/:aid/:uid opens
// with that vehicle selected. The e2e server runs no simulator, so live movement is not tested here.
interface ApiVehicle {
  unitid: number;
  registration: string;
  unittype: number;
}
interface ApiGroup {
  id: number;
  name: string;
  vc: number;
  units: number[];
}

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** A site list (vehicles, groups) of the signed-in user's site. */
const siteList = async <T,>(call: string): Promise<T> => apiGet<T>(page, `${call}?siteid=${await siteOf(page)}`);

const rows = () => page.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]');
const registrations = async () =>
  (await rows().locator('[class*="registration"]').allTextContents()).map((s) => s.trim()).sort();

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ prepare: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) }));
});

afterAll(async () => {
  await browser?.close();
});

describe('fleet map page', () => {
  it('renders the MapLibre map with the bundled basemap credit', async () => {
    await page.goto('/tabs/tabs/fleet');
    const canvas = page.getByRole('region', { name: "Map of the site's vehicles" }).locator('canvas.maplibregl-canvas');
    await canvas.waitFor({ timeout: 30_000 });
    const box = await canvas.boundingBox();
    expect(box?.width).toBeGreaterThan(400);
    expect(box?.height).toBeGreaterThan(300);
    expect(await page.getByText('The map could not start').count()).toBe(0);
    await page.getByText('Bundled low-detail basemap', { exact: false }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("lists the site's vehicles, the same ones the API answers", async () => {
    await page.goto('/tabs/tabs/fleet');
    await rows().first().waitFor();
    const { vehicles } = await siteList<{ vehicles: ApiVehicle[] }>('vehicles');
    expect(vehicles.length).toBeGreaterThan(0);
    expect(await registrations()).toEqual(vehicles.map((v) => v.registration).sort());
    await page.getByText(`${vehicles.length} vehicles`, { exact: true }).waitFor();
  });

  it('filters the list as you type, by registration or driver', async () => {
    await page.goto('/tabs/tabs/fleet');
    await rows().first().waitFor();
    const all = await registrations();
    const target = all.find((r) => /^[A-Z]{2}\d{2} [A-Z]{3}$/.test(r)) ?? all[0] ?? '';
    const search = page.getByRole('searchbox', { name: 'Search vehicles' });
    await search.pressSequentially(target.slice(0, 4).toLowerCase());
    await expect.poll(registrations).toEqual(all.filter((r) => r.toLowerCase().includes(target.slice(0, 4).toLowerCase())));
    await search.fill(target);
    await expect.poll(registrations).toEqual([target]);
    await search.fill('no vehicle is called this');
    await page.getByText('No vehicles match', { exact: false }).waitFor();
    await search.fill('');
    await expect.poll(async () => (await registrations()).length).toBe(all.length);
  });

  it("shows a group's vehicles when the group is picked", async () => {
    await page.goto('/tabs/tabs/fleet');
    await rows().first().waitFor();
    const [{ groups }, { vehicles }] = await Promise.all([
      siteList<{ groups: ApiGroup[] }>('groups'),
      siteList<{ vehicles: ApiVehicle[] }>('vehicles'),
    ]);
    const group = groups.find((g) => g.vc > 0 && g.vc < vehicles.length);
    expect(group).toBeDefined();
    if (!group) return;
    const view = page.getByRole('combobox', { name: 'Show' });
    await view.selectOption(String(group.id));
    const expected = vehicles.filter((v) => group.units.includes(v.unitid)).map((v) => v.registration).sort();
    await expect.poll(registrations).toEqual(expected);
    await page.getByText(`${expected.length} of ${vehicles.length} vehicles`, { exact: true }).waitFor();
    await view.selectOption('all');
    await expect.poll(async () => (await registrations()).length).toBe(vehicles.length);
  });

  it('selects a vehicle from the list and opens its details; an operator sees no debugger link (diagnostics are for administrators)', async () => {
    await page.goto('/tabs/tabs/fleet');
    const row = rows().first();
    await row.waitFor();
    const registration = (await row.locator('[class*="registration"]').textContent())?.trim() ?? '';
    await row.getByRole('button', { pressed: false }).first().click();
    await expect.poll(() => row.getByRole('button', { pressed: true }).count()).toBe(1);
    await page.getByTestId('map-card').getByText(registration, { exact: true }).waitFor();
    await page.getByRole('button', { name: `Details of ${registration}` }).click();
    const details = page.getByTestId('vehicle-details');
    await details.getByRole('heading', { name: registration }).waitFor();
    expect(await details.getByRole('link', { name: /^Debug / }).count()).toBe(0);
    expect(await details.getByTestId('vehicle-diagnostics').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Vehicles' }).getByRole('link', { name: /^Debug / }).count()).toBe(0);
  });

  it('opens fleet/:aid/:uid with that vehicle selected', async () => {
    const { vehicles } = await siteList<{ vehicles: ApiVehicle[] }>('vehicles');
    const vehicle = vehicles[vehicles.length - 1];
    if (!vehicle) throw new Error('no vehicles');
    await page.goto(`/tabs/tabs/fleet/0/${vehicle.unitid}`);
    await page.getByTestId('map-card').getByText(vehicle.registration, { exact: true }).waitFor();
    const selected = page.locator(`li[data-unit="${vehicle.unitid}"][data-selected]`);
    await selected.waitFor();
  });

  it("shows a truck's fault codes in its details, with the way to its engine page (issue 16)", async () => {
    const { vehicles } = await siteList<{ vehicles: ApiVehicle[] }>('vehicles');
    const truck = vehicles.find((v) => v.unittype === 1);
    if (!truck) throw new Error('no truck on the site');
    await page.goto(`/tabs/tabs/fleet/0/${truck.unitid}`);
    await page.getByRole('button', { name: `Details of ${truck.registration}` }).click();
    const faults = page.getByTestId('vehicle-details').getByTestId('vehicle-faults');
    await faults.getByRole('heading', { name: 'Fault codes' }).waitFor();
    await faults.getByTestId('faults-active-count').waitFor();
    expect(await faults.getByRole('link', { name: 'Engine data and faults' }).getAttribute('href')).toBe(`/tabs/tabs/fleetfmsv/${truck.unitid}`);
    await expectAccessible(page, "fleet, a truck's details with its fault codes");
  });
});
