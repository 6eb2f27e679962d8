import type { AvlRecord } from '@fleet/protocols';
import type { Asset } from '@fleet/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, openSignedIn, reportAsDevice, siteOf } from './support.ts';

// The assets page (issue 16) against the real server: it lists the site's asset trackers, draws a
// reporting one on the map where a click on it selects it, and an operator's allowed hours and place
// turn its Asset Icon into the Shield Icon. The e2e server runs no simulator: one asset reports here,
// standing still (its first report: a ping, nothing raised, so other files' alert banners stay theirs).
// Its allowed place is drawn on the map (watched through the hook the map engine calls on creation),
// in words in its details: two places of this file's own, one around the asset and one away from it.
let browser: Browser;
let page: Page;
let asset: Asset;
const places: Array<{ id: number; name: string }> = [];
/** FLEET_SCREENSHOTS=1 writes docs/screenshots/assets-{desktop,phone}.png (an asset outside its allowed place). */
const SHOTS = process.env.FLEET_SCREENSHOTS === '1';

/** One drawn area as the map's 'asset-area' source holds it. */
interface DrawnArea { type: string; name: string; outside: boolean }

/** Installed before any page script: keeps the newest map on the window. */
function watchMap() {
  const w = window as unknown as { assetsMap: unknown; onMapCreatedForTests: (map: unknown) => void };
  w.onMapCreatedForTests = (map) => { w.assetsMap = map; };
}

/** What the assets map draws as the selected asset's allowed place (empty: nothing). */
const drawnArea = () => page.evaluate(async () => {
  type Source = { getData(): Promise<{ features: Array<{ geometry: { type: string }; properties: { name: string; outside: boolean } }> }> };
  const map = (window as unknown as { assetsMap?: { getSource(id: string): Source | undefined } }).assetsMap;
  const data = await map?.getSource('asset-area')?.getData();
  return (data?.features ?? []).map((f) => ({ type: f.geometry.type, name: f.properties.name, outside: f.properties.outside }));
}) as Promise<DrawnArea[]>;

/** Whether the map's view holds the point. */
const inView = (lat: number, lon: number) => page.evaluate(([la, lo]) => {
  const map = (window as unknown as { assetsMap: { getBounds(): { contains(p: [number, number]): boolean } } }).assetsMap;
  return map.getBounds().contains([lo as number, la as number]);
}, [lat, lon]);

/** A report now, standing still (movement IO 240 off), battery 3.55 V (IO 67): low. */
const standing = (lat: number, lon: number): AvlRecord => ({
  timestampMs: Date.now() - 1000, priority: 0, longitude: lon, latitude: lat, altitude: 50, angle: 0, satellites: 10, speedKmh: 0, eventIoId: 0,
  io: new Map([[240, { size: 1, value: 0 }], [67, { size: 2, value: 3550 }]]), ioVariable: new Map(),
});

const details = () => page.getByRole('region', { name: asset.registration });
const canvas = () => page.getByRole('region', { name: "Map of the site's assets" }).locator('canvas.maplibregl-canvas');

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ prepare: (p) => void p.addInitScript(watchMap) }));
  const siteId = await siteOf(page);
  const { assets } = await apiGet<{ assets: Asset[] }>(page, `assets?siteid=${siteId}`);
  asset = assets[0] as Asset;
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number });
  const { units } = await apiGet<{ units: Array<{ unitid: number; deviceid: string }> }>(page, `units?cid=${user.customerid}`);
  const device = units.find((u) => u.unitid === asset.unitid)?.deviceid as string;
  await reportAsDevice(device, [standing(53.8008, -1.5491)]);
  // A 300 m circle around where it stands, and a square 5 km east of it.
  const stamp = Date.now();
  for (const body of [
    { name: `E2E asset yard ${stamp}`, mode: 1, gp: '53.8008,-1.5491', radius: 300 },
    { name: `E2E asset dock ${stamp}`, mode: 2, geo: { points: [{ x: -1.48, y: 53.79 }, { x: -1.47, y: 53.79 }, { x: -1.47, y: 53.8 }, { x: -1.48, y: 53.8 }] } },
  ]) {
    const saved = await apiPost<{ ok: number; id: number }>(page, 'savepoi', body);
    expect(saved.ok).toBe(1);
    places.push({ id: saved.id, name: body.name });
  }
});
afterAll(async () => {
  // The places go (the asset's allowed place with them: ON DELETE SET NULL).
  for (const p of places) await apiPost(page, 'deletegeofence', { id: p.id }).catch(() => undefined);
  await browser?.close();
});

describe('assets page', () => {
  it('lists the assets with ping age and low battery, and draws the reporting one on the map where a click selects it', async () => {
    // The state processor applies the report shortly after the ACK.
    const siteId = await siteOf(page);
    await expect.poll(async () => (await apiGet<{ assets: Asset[] }>(page, `assets?siteid=${siteId}`)).assets.find((a) => a.unitid === asset.unitid)?.batterylow,
      { timeout: 20_000 }).toBe(true);
    await page.goto('/tabs/tabs/assets');
    const list = page.getByRole('list', { name: 'Assets' });
    const row = list.getByRole('button', { name: new RegExp(asset.registration) });
    await list.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toMatch(/3\.55 V low/);
    expect(await row.getByRole('img', { name: 'Asset Icon' }).count()).toBe(1);
    await canvas().waitFor({ timeout: 30_000 });
    // The map starts on the placed assets: the only one reporting is at its centre, where a click selects it.
    const box = await canvas().boundingBox();
    await expect.poll(async () => {
      await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
      return details().count();
    }, { timeout: 20_000 }).toBe(1);
    expect(await details().getByText('3.55 V — low').count()).toBe(1);
    expect(await list.getByRole('button', { pressed: true }).textContent()).toContain(asset.registration);
    await expectAccessible(page, 'assets, desktop');
  }, 90_000);

  it("saves an operator's allowed hours and place, and shows the asset guarded (Shield Icon)", async () => {
    await page.goto('/tabs/tabs/assets');
    const row = page.getByRole('list', { name: 'Assets' }).getByRole('button', { name: new RegExp(asset.registration) });
    await row.click();
    const form = page.getByRole('form', { name: `Allowed hours and place of ${asset.registration}` });
    await form.getByRole('radio', { name: 'In hours of its own' }).check();
    // Exactly Monday to Saturday, whatever the site's hours the form started from (another file of the
    // same server may have changed them: site-settings.e2e.test.ts).
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      const chip = form.locator('label').filter({ hasText: new RegExp(`^${day}$`) });
      const on = (await chip.getAttribute('data-checked')) === 'true';
      if (on !== (day !== 'Sun')) await chip.click();
    }
    await form.getByLabel('From').fill('07:00');
    await form.getByLabel('Until').fill('19:00');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await form.getByText('Rules saved.', { exact: false }).waitFor();
    await expect.poll(() => row.getByRole('img', { name: /Shield Icon/ }).count()).toBe(1);
    await expect.poll(() => details().getByText('Mon–Sat 07:00–19:00').count()).toBe(1);
  }, 60_000);

  it("draws the allowed place's area when the asset is selected, in the alert colour and in words when the asset is outside it", async () => {
    const [yard, dock] = places as [{ id: number; name: string }, { id: number; name: string }];
    await page.goto('/tabs/tabs/assets');
    const row = page.getByRole('list', { name: 'Assets' }).getByRole('button', { name: new RegExp(asset.registration) });
    await row.click();
    expect(await drawnArea()).toEqual([]);
    // Chosen in the editor, not saved yet: drawn already, and said to be unsaved.
    const form = page.getByRole('form', { name: `Allowed hours and place of ${asset.registration}` });
    await form.getByLabel('Allowed place', { exact: true }).click();
    await page.getByRole('option', { name: dock.name }).click();
    await expect.poll(drawnArea).toEqual([{ type: 'Polygon', name: dock.name, outside: true }, { type: 'Point', name: dock.name, outside: true }]);
    expect(await details().getByText(`Outside ${dock.name} (chosen, not saved yet)`).count()).toBe(1);
    await form.getByRole('button', { name: 'Save rules' }).click();
    await form.getByText('Rules saved.', { exact: false }).waitFor();
    // Saved: selecting the asset afresh draws its place and fits the map to the area and the asset.
    await page.reload();
    await row.click();
    await expect.poll(drawnArea, { timeout: 20_000 }).toEqual([{ type: 'Polygon', name: dock.name, outside: true }, { type: 'Point', name: dock.name, outside: true }]);
    await details().getByText(`Outside ${dock.name}`, { exact: true }).waitFor();
    await expect.poll(async () => (await inView(53.8008, -1.5491)) && (await inView(53.795, -1.475))).toBe(true);
    if (SHOTS) {
      // At each size afresh, so the map fits the area and the asset as a user there would see it.
      const size = page.viewportSize();
      for (const [name, width, height] of [['desktop', 1280, 800], ['phone', 390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.reload();
        await row.click();
        await expect.poll(drawnArea, { timeout: 20_000 }).toHaveLength(2);
        await page.evaluate(() => { for (const el of [document.scrollingElement, ...document.querySelectorAll('main, [data-scroll], .mantine-AppShell-main')]) el?.scrollTo?.(0, 0); });
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `docs/screenshots/assets-${name}.png` });
      }
      if (size) await page.setViewportSize(size);
    }
    // The place around it: inside, not in the alert colour.
    await form.getByLabel('Allowed place', { exact: true }).click();
    await page.getByRole('option', { name: yard.name }).click();
    await expect.poll(drawnArea).toEqual([{ type: 'Polygon', name: yard.name, outside: false }, { type: 'Point', name: yard.name, outside: false }]);
    expect(await details().getByText(`Inside ${yard.name} (chosen, not saved yet)`).count()).toBe(1);
  }, 90_000);
});
