import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, openSignedIn, siteOf } from './support.ts';

// Browser tests of the Places panel on the fleet page: it lists the site's POI, a circle drawn
// by clicking the map and filling the form is saved, the showonmap switch persists, and a
// polygon's corners are moved and added by dragging their handles on the map.

interface ApiPoi {
  id: number;
  name: string;
  mode: 1 | 2;
  gp: string | null;
  radius: number | null;
  geo: { points: { x: number; y: number }[] } | null;
  showonmap: boolean;
  geofence: boolean;
}

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
/** expect.poll waits 1 s by default; the map and the saves take longer on software WebGL. */
const SLOW = { timeout: 15_000 };

/** The site's POI as the API answers them, asked from inside the signed-in page. */
async function apiPoi(): Promise<ApiPoi[]> {
  return (await apiGet<{ poi: ApiPoi[] }>(page, `poi?siteid=${await siteOf(page)}`)).poi;
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
  ({ browser, page } = await openSignedIn({
    // No camera animation: the test works out where corners are drawn once the map has flown there.
    context: { reducedMotion: 'reduce' },
    prepare: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)),
  }));
});

afterAll(async () => {
  await browser?.close();
});

type XY = { x: number; y: number };
const mercator = (p: XY) => ({ x: (p.x * Math.PI) / 180, y: Math.log(Math.tan(Math.PI / 4 + (p.y * Math.PI) / 360)) });

/**
 * Where the map draws x/y points once it has flown to their outline: the panel's fly-to fits the
 * outline's box into the canvas with 80 px padding, centred (Web Mercator, north up).
 */
async function screenOf(outline: XY[]): Promise<(p: XY) => { x: number; y: number }> {
  const box = await page.locator('canvas.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no map canvas');
  const m = outline.map(mercator);
  const [minX, maxX] = [Math.min(...m.map((q) => q.x)), Math.max(...m.map((q) => q.x))];
  const [minY, maxY] = [Math.min(...m.map((q) => q.y)), Math.max(...m.map((q) => q.y))];
  const k = Math.min((box.width - 160) / (maxX - minX), (box.height - 160) / (maxY - minY));
  return (p) => {
    const q = mercator(p);
    return { x: box.x + box.width / 2 + (q.x - (minX + maxX) / 2) * k, y: box.y + box.height / 2 - (q.y - (minY + maxY) / 2) * k };
  };
}

/** Presses at `from`, moves in steps and lets go at `to`, as a person drags. */
async function drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** Opens a place for editing from the panel and waits for the map to fly there. */
async function editPlace(poi: ApiPoi): Promise<void> {
  await page.getByRole('button', { name: `Edit ${poi.name}` }).click();
  await page.getByRole('form', { name: 'Place' }).waitFor();
  await page.waitForTimeout(800);
}

async function savePlace(): Promise<void> {
  await page.getByRole('form', { name: 'Place' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('form', { name: 'Place' }).waitFor({ state: 'detached', timeout: 15_000 });
}

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

  it('moves a polygon corner by dragging its handle; the new shape is saved and survives a reload', async () => {
    await openPlaces();
    const name = `E2E yard ${Date.now()}`;
    const square = [{ x: -1.31, y: 53.944 }, { x: -1.29, y: 53.944 }, { x: -1.29, y: 53.956 }, { x: -1.31, y: 53.956 }];
    const saved = await apiPost<{ ok: number; id: number }>(page, 'savepoi', { name, mode: 2, geo: { points: square } });
    expect(saved.ok).toBe(1);
    await openPlaces();
    const poi = (await apiPoi()).find((p) => p.id === saved.id);
    if (!poi) throw new Error('the polygon was not saved');
    await editPlace(poi);
    const at = await screenOf(square);
    const corner = at(square[2] as XY);
    await drag(corner, { x: corner.x + 60, y: corner.y - 40 });
    await savePlace();

    const moved = async () => (await apiPoi()).find((p) => p.id === poi.id)?.geo?.points;
    await expect.poll(async () => (await moved())?.[2]?.x ?? square[2]?.x, SLOW).toBeGreaterThan(-1.29 + 0.0005);
    const after = (await moved()) ?? [];
    expect(after).toHaveLength(4);
    expect(after[2]?.y).toBeGreaterThan(53.956 + 0.0005);
    expect([after[0], after[1], after[3]]).toEqual([square[0], square[1], square[3]]);

    await page.reload();
    await openPlaces();
    expect((await apiPoi()).find((p) => p.id === poi.id)?.geo?.points).toEqual(after);
    expect(pageErrors).toEqual([]);
  });

  it('adds a corner by dragging an edge midpoint and removes one by double-clicking it, never below three', async () => {
    await openPlaces();
    const poi = (await apiPoi()).find((p) => p.name.startsWith('E2E yard'));
    const outline = poi?.geo?.points;
    if (!poi || !outline) throw new Error('the polygon from the previous test is missing');
    await editPlace(poi);
    let at = await screenOf(outline);
    const [a, b] = [outline[0] as XY, outline[1] as XY];
    const mid = at({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    await drag(mid, { x: mid.x, y: mid.y + 50 });
    await savePlace();
    await expect.poll(async () => (await apiPoi()).find((p) => p.id === poi.id)?.geo?.points.length, SLOW).toBe(5);
    const five = (await apiPoi()).find((p) => p.id === poi.id)?.geo?.points ?? [];
    expect(five[1]?.y).toBeLessThan(a.y);
    expect([five[0], five[2], five[3], five[4]]).toEqual(outline);

    await openPlaces();
    await editPlace({ ...poi, geo: { points: five } });
    at = await screenOf(five);
    const extra = at(five[1] as XY);
    await page.mouse.dblclick(extra.x, extra.y);
    const form = page.getByRole('form', { name: 'Place' });
    // Down to three corners with the button; the button then refuses.
    const third = at(five[2] as XY);
    await page.mouse.click(third.x, third.y);
    await form.getByRole('button', { name: 'Remove corner' }).click();
    expect(await form.getByRole('button', { name: 'Remove corner' }).isDisabled()).toBe(true);
    await savePlace();
    await expect.poll(async () => (await apiPoi()).find((p) => p.id === poi.id)?.geo?.points, SLOW).toEqual([five[0], five[3], five[4]]);
    expect(pageErrors).toEqual([]);
  });
});

describe('drawing a place on a phone', () => {
  it('shows the map to draw on, with a bar leading back to the form to name and save', async () => {
    const phone = await openSignedIn({ context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } });
    try {
      const p = phone.page;
      await p.goto('/tabs/tabs/fleet');
      await p.getByText('List', { exact: true }).click();
      await p.getByRole('tab', { name: 'Places' }).click();
      await p.getByRole('button', { name: 'New circle' }).click();

      // The map takes the screen, with what to do next over it.
      const bar = p.getByRole('status', { name: 'Drawing a place' });
      await bar.waitFor();
      const canvas = p.locator('canvas.maplibregl-canvas');
      await expect.poll(() => canvas.isVisible(), SLOW).toBe(true);
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no map canvas');
      await canvas.click({ position: { x: box.width / 2, y: box.height * 0.6 } });
      await expect.poll(() => bar.textContent(), SLOW).toContain('Centre placed');

      await bar.getByRole('button', { name: 'Name and save' }).click();
      const form = p.getByRole('form', { name: 'Place' });
      const name = `E2E phone circle ${Date.now()}`;
      await form.getByLabel('Name').fill(name);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => (await apiGet<{ poi: ApiPoi[] }>(p, `poi?siteid=${await siteOf(p)}`)).poi.some((x) => x.name === name), SLOW)
        .toBe(true);
      expect(await bar.count()).toBe(0);
    } finally {
      await phone.browser.close();
    }
  });
});
