import type { AvlRecord, IoValue } from '@fleet/protocols';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, expectAccessible, openSignedIn, reportAsDevice, siteOf } from './support.ts';

// The fleet navigator (issue 16): two vans of the demo site drive the same 24 km this hour, one
// smoothly, one braking harshly four times (Teltonika green driving, IO 253 = 2, IO 254 in 0.01 g).
// Once the trips and driving processors have done, the league ranks the smooth driver above the
// harsh one, and choosing the harsh one shows their trip with its events.
let browser: Browser;
let page: Page;
interface Unit { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }
interface Vehicle { unitid: number; drivername: string; updated: string | null }
interface League { drivers: Array<{ name: string; rank: number | null; vehicles: string[]; score: number | null; km: number }> }

/** 24 km at 72 km/h, a record each 10 s with the odometer, then parked; `harsh` records brake harshly. */
function drive(start: number, harsh: readonly number[]): AvlRecord[] {
  const out: AvlRecord[] = [];
  for (let i = 0; i <= 125; i++) {
    const moving = i > 0 && i <= 120;
    const io = new Map<number, IoValue>([[239, { size: 1, value: i <= 122 ? 1 : 0 }], [240, { size: 1, value: moving ? 1 : 0 }],
      [16, { size: 4, value: 9_000_000 + Math.min(i, 120) * 200 }]]);
    if (harsh.includes(i)) io.set(253, { size: 1, value: 2 }).set(254, { size: 2, value: 140 });
    out.push({
      timestampMs: start + i * 10_000, priority: harsh.includes(i) ? 1 : 0, longitude: -1.6, latitude: 53.7 + Math.min(i, 120) * 0.0018,
      altitude: 60, angle: 0, satellites: 11, speedKmh: moving ? 72 : 0, eventIoId: harsh.includes(i) ? 253 : 0, io, ioVariable: new Map(),
    });
  }
  return out;
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ context: { viewport: { width: 1280, height: 800 } } }));
});
afterAll(async () => { await browser?.close(); });

describe('the fleet navigator', () => {
  it('ranks the smooth driver above the harsh one, shows the harsh driver\'s trip with its events, and resets the period', { timeout: 90_000 }, async () => {
    const site = await siteOf(page);
    const { customerid } = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number });
    const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${customerid}`);
    const { vehicles } = await apiGet<{ vehicles: Vehicle[] }>(page, `vehicles?siteid=${site}`);
    const driverOf = new Map(vehicles.map((v) => [v.unitid, v.drivername]));
    const updatedOf = new Map(vehicles.map((v) => [v.unitid, v.updated ? Date.parse(v.updated) : 0]));
    const start = Date.now() - 40 * 60_000;
    // Two vans with drivers of their own that no earlier test has driven since the drive's start: a
    // position older than a van's newest raises no driving events (docs/status.md), and the alert
    // tests drive the middle vans "now" (CI ran them first once, and the harsh van scored 100).
    const vans = units.filter((u) => u.siteid === site && u.unittype === 1 && driverOf.get(u.unitid) && (updatedOf.get(u.unitid) ?? 0) < start - 60_000);
    const [smooth, harsh] = vans.slice(Math.floor(vans.length / 2) - 1) as [Unit, Unit];
    expect(harsh).toBeDefined();
    await reportAsDevice(smooth.deviceid, drive(start, []));
    await reportAsDevice(harsh.deviceid, drive(start, [20, 45, 70, 95]));
    const smoothName = driverOf.get(smooth.unitid) as string;
    const harshName = driverOf.get(harsh.unitid) as string;

    // The processors run after each stored batch; the league shows both once the trips are cut and
    // scored, and the harsh driver's score falls below 100 once the driving processor has found the
    // braking too (it runs beside the trips processor and may come second on a loaded machine:
    // CI once opened the page with the trip cut and its events not yet there).
    await expect.poll(async () => {
      const l = await apiGet<League>(page, `performanceleague?siteid=${site}&period=4weeks`);
      const [a, b] = [smoothName, harshName].map((n) => l.drivers.find((d) => d.name === n)?.score ?? null);
      return [a, typeof b === 'number' && b < 100];
    }, { timeout: 45_000 }).toEqual([100, true]);

    await page.goto('/tabs/tabs/fleetnavigator/reset');
    await page.waitForURL((url) => url.pathname === '/tabs/tabs/fleetnavigator');
    await page.locator('label', { hasText: '4 weeks' }).click();
    await expect.poll(() => page.getByRole('radio', { name: '4 weeks' }).isChecked()).toBe(true);
    const rows = page.getByTestId('league-row');
    await expect.poll(async () => (await rows.allInnerTexts()).findIndex((r) => r.includes(smoothName))).toBeGreaterThanOrEqual(0);
    const texts = await rows.allInnerTexts();
    const smoothAt = texts.findIndex((r) => r.includes(smoothName));
    const harshAt = texts.findIndex((r) => r.includes(harshName));
    expect(smoothAt).toBeLessThan(harshAt);
    expect(texts[smoothAt]).toContain('Excellent');
    // The demo site is imperial: the answer's kilometres read as miles, the rates per 100 mi.
    const { drivers } = await apiGet<League>(page, `performanceleague?siteid=${site}&period=4weeks`);
    const km = drivers.find((d) => d.name === smoothName)?.km ?? Number.NaN;
    const distance = await rows.nth(smoothAt).getByRole('cell').nth(4).innerText();
    expect(distance).toMatch(/^[\d,.]+ mi$/);
    expect(Number(distance.replace(/[^\d.]/g, ''))).toBeCloseTo(km / 1.609344, 0);
    expect(await page.getByRole('columnheader', { name: 'Braking' }).getAttribute('title')).toBe('Events per 100 mi');

    await page.getByRole('button', { name: harshName, exact: true }).click();
    const panel = page.getByTestId('driver-panel');
    await expect.poll(() => panel.getByRole('heading', { level: 2 }).innerText()).toBe(harshName);
    await expect.poll(async () => (await panel.getByTestId('recent-trips').innerText()).match(/Harsh braking 1\.40 g/g)?.length ?? 0, { timeout: 15_000 }).toBe(4);
    await expect.poll(() => panel.getByTestId('vehicle-hud').innerText()).toContain(harsh.registration);

    // The period chosen is kept for the next visit; fleetnavigator/{reset} forgets it.
    await page.goto('/tabs/tabs/fleetnavigator');
    await expect.poll(() => page.getByRole('radio', { name: '4 weeks' }).isChecked()).toBe(true);
    await page.goto('/tabs/tabs/fleetnavigator/reset');
    await page.waitForURL((url) => url.pathname === '/tabs/tabs/fleetnavigator');
    await expect.poll(() => page.getByRole('radio', { name: 'This week' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('recent-trips').count()).toBe(1);
    await expectAccessible(page, 'fleetnavigator, desktop, a driver chosen');
    if (process.env.PERFORMANCE_SCREENSHOTS) {
      // docs/screenshots/fleetnavigator-{desktop,tablet,phone}.png: PERFORMANCE_SCREENSHOTS=docs/screenshots.
      for (const [name, width, height] of [['desktop', 1280, 800], ['tablet', 768, 1024], ['phone', 390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${process.env.PERFORMANCE_SCREENSHOTS}/fleetnavigator-${name}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
