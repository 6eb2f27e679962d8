import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Browser tests of the Places panel on the fleet page: it lists the site's POI, a circle drawn
// by clicking the map and filling the form is saved, and the showonmap switch persists.
const baseUrl = inject('baseUrl');
const operatorEmail = inject('operatorEmail');
const demoPassword = inject('demoPassword');

interface ApiPoi {
  id: number;
  name: string;
  mode: 1 | 2;
  gp: string | null;
  radius: number | null;
  showonmap: boolean;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
/** expect.poll waits 1 s by default; the map and the saves take longer on software WebGL. */
const SLOW = { timeout: 15_000 };

/** The site's POI as the API answers them, asked from inside the signed-in page. */
function apiPoi(): Promise<ApiPoi[]> {
  return page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string; siteid: number };
    const res = await fetch(`/api/v1/poi?siteid=${user.siteid}`, { headers: { Authorization: `Bearer ${user.token}` } });
    return ((await res.json()) as { poi: ApiPoi[] }).poi;
  });
}

const placeRows = () => page.getByRole('list', { name: 'Places' }).locator('li[data-poi]');
const placeNames = async () => (await placeRows().locator('[class*="title"]').allTextContents()).map((s) => s.trim()).sort();

async function openPlaces(): Promise<void> {
  await page.goto('/tabs/tabs/fleet');
  await page.getByRole('region', { name: "Map of the site's vehicles" }).locator('canvas.maplibregl-canvas').waitFor({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Places' }).click();
  await placeRows().first().waitFor();
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: inject('chromiumPath'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(operatorEmail);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('Places panel', () => {
  it("lists the site's POI, the same ones the API answers, with a legend on the map", async () => {
    await openPlaces();
    const pois = await apiPoi();
    expect(pois.length).toBeGreaterThan(0);
    await expect.poll(placeNames, SLOW).toEqual(pois.map((p) => p.name).sort());
    await page.getByTestId('poi-legend').getByText('Geofence', { exact: false }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('filters the list by name as you type', async () => {
    await openPlaces();
    const all = await placeNames();
    const target = all[0] ?? '';
    await page.getByRole('searchbox', { name: 'Search places' }).fill(target.slice(0, 6));
    await expect.poll(placeNames, SLOW).toEqual(all.filter((n) => n.toLowerCase().includes(target.slice(0, 6).toLowerCase())));
    await page.getByRole('searchbox', { name: 'Search places' }).fill('');
  });

  it('saves a circle placed by clicking the map, which then appears in the list', async () => {
    await openPlaces();
    const name = `E2E circle ${Date.now()}`;
    await page.getByRole('button', { name: 'New circle' }).click();
    const form = page.getByRole('form', { name: 'Place' });
    await expect.poll(() => form.getByRole('button', { name: 'Save' }).isDisabled(), SLOW).toBe(true);
    const canvas = page.locator('canvas.maplibregl-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no map canvas');
    await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Radius (metres)').fill('300');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(placeNames, SLOW).toContain(name);
    const saved = (await apiPoi()).find((p) => p.name === name);
    expect(saved).toMatchObject({ mode: 1, radius: 300, showonmap: true });
    expect(saved?.gp).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
  });

  it('persists the showonmap switch, keeping the shape', async () => {
    await openPlaces();
    const before = (await apiPoi()).find((p) => p.name.startsWith('E2E circle'));
    if (!before) throw new Error('the circle from the previous test is missing');
    const toggle = page.getByRole('switch', { name: `Show ${before.name} on the map` });
    await toggle.uncheck({ force: true });
    await expect.poll(async () => (await apiPoi()).find((p) => p.id === before.id)?.showonmap, SLOW).toBe(false);
    expect((await apiPoi()).find((p) => p.id === before.id)).toMatchObject({ gp: before.gp, radius: before.radius, mode: 1 });
    await page.reload();
    await page.getByRole('tab', { name: 'Places' }).click();
    const reloaded = page.getByRole('switch', { name: `Show ${before.name} on the map` });
    await reloaded.waitFor({ state: 'attached' });
    expect(await reloaded.isChecked()).toBe(false);
  });

  it('deletes a place after confirming', async () => {
    await openPlaces();
    const target = (await apiPoi()).find((p) => p.name.startsWith('E2E circle'));
    if (!target) throw new Error('the circle from the earlier test is missing');
    await page.getByRole('button', { name: `Delete ${target.name}` }).click();
    await page.locator(`li[data-poi="${target.id}"]`).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(placeNames, SLOW).not.toContain(target.name);
    expect((await apiPoi()).some((p) => p.id === target.id)).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});
