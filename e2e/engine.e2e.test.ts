import type { AvlRecord } from '@fleet/protocols';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openSignedIn, reportAsDevice } from './support.ts';

// Engine data (issue 16): a device reports FMS/CAN values over real Teltonika TCP and the open
// engine page shows them, in place, without a reload; one vehicle's page groups them.
let browser: Browser;
let page: Page;
let unit: { unitid: number; deviceid: string; registration: string };

/** A truck's FMB640 report: coolant in tenths of °C, axle 1 load in kg, 15,000 km to the next service. */
function fmsRecord(coolantTenths: number, axleKg: number): AvlRecord {
  return {
    timestampMs: Date.now(), priority: 0, longitude: -1.55, latitude: 53.8, altitude: 50, angle: 90, satellites: 10, speedKmh: 0, eventIoId: 0,
    io: new Map([
      [239, { size: 1, value: 1 }], [240, { size: 1, value: 0 }], [111, { size: 1, value: 42 }],
      [115, { size: 2, value: coolantTenths }], [118, { size: 2, value: axleKg }], [400, { size: 4, value: 15_000 }],
    ]),
    ioVariable: new Map(),
  };
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn());
  // A PTO vehicle of the operator's site if it has one (no other browser test reports as one), else its third HGV.
  unit = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string; customerid: number; siteid: number };
    const res = await fetch(`/api/v1/units?cid=${user.customerid}`, { headers: { Authorization: `Bearer ${user.token}` } });
    const { units } = (await res.json()) as { units: { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }[] };
    const mine = units.filter((u) => u.siteid === user.siteid);
    return (mine.find((u) => u.unittype === 16) ?? mine.filter((u) => u.unittype === 2)[2])!;
  });
});
afterAll(async () => { await browser?.close(); });

describe('engine data (fleetfmsv)', () => {
  it('shows a truck’s engine values as its device reports them, updating live in place', async () => {
    expect(unit).toBeDefined();
    await page.goto('/tabs/tabs/fleetfmsv');
    await page.getByRole('heading', { name: 'Engine data', exact: true }).waitFor();
    // Vehicles that report no engine data yet are left out until asked for.
    await page.getByRole('switch', { name: 'Show vehicles without engine data' }).waitFor();
    const row = page.locator(`tr[data-unit="${unit.unitid}"]`);
    await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    expect((await reportAsDevice(unit.deviceid, [fmsRecord(875, 7150)])).toString('hex')).toBe('0100000001');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('87.5');
    // The columns the fleet now reports, with their units in the headings.
    await expect.poll(() => page.getByRole('columnheader', { name: /Engine coolant temperature\s*°C/ }).count()).toBe(1);
    expect(await row.textContent()).toContain('7,150');
    expect(await page.getByRole('columnheader', { name: /Distance to next service\s*mi/ }).count()).toBe(1);

    await reportAsDevice(unit.deviceid, [fmsRecord(912, 7150)]);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('91.2');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expectAccessible(page, 'the engine data table');
    if (process.env.ENGINE_SCREENSHOTS) await page.screenshot({ path: `${process.env.ENGINE_SCREENSHOTS}/fleetfmsv-desktop.png` });
  });

  it('opens one vehicle’s engine page with its values grouped and a way to the explorer; a phone gets cards', async () => {
    await reportAsDevice(unit.deviceid, [fmsRecord(880, 7200)]);
    await page.goto(`/tabs/tabs/fleetfmsv/${unit.unitid}`);
    await page.getByRole('heading', { name: `Engine data: ${unit.registration}` }).waitFor();
    const engine = page.getByRole('region', { name: 'Engine' });
    await expect.poll(() => engine.textContent()).toContain('88 °C');
    expect(await page.getByRole('region', { name: 'Axle loads' }).textContent()).toContain('7,200 kg');
    expect(await page.getByRole('link', { name: 'Explore values over time' }).getAttribute('href')).toBe(`/tabs/tabs/fmsv2explorer/${unit.unitid}`);
    await expectAccessible(page, "one vehicle's engine page");
    if (process.env.ENGINE_SCREENSHOTS) await page.screenshot({ path: `${process.env.ENGINE_SCREENSHOTS}/fleetfmsv-vehicle-desktop.png`, fullPage: true });

    const phone = await browser.newContext({ baseURL: page.url(), storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto('/tabs/tabs/fleetfmsv');
    const card = small.locator(`li[data-unit="${unit.unitid}"]`);
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('88 °C');
    await expectAccessible(small, 'the engine data cards');
    if (process.env.ENGINE_SCREENSHOTS) {
      await small.screenshot({ path: `${process.env.ENGINE_SCREENSHOTS}/fleetfmsv-phone.png` });
      await small.setViewportSize({ width: 768, height: 1024 });
      await small.screenshot({ path: `${process.env.ENGINE_SCREENSHOTS}/fleetfmsv-tablet.png` });
      await small.goto(`/tabs/tabs/fleetfmsv/${unit.unitid}`);
      await small.getByRole('heading', { name: `Engine data: ${unit.registration}` }).waitFor();
      await small.setViewportSize({ width: 390, height: 844 });
      await small.screenshot({ path: `${process.env.ENGINE_SCREENSHOTS}/fleetfmsv-vehicle-phone.png`, fullPage: true });
    }
    await phone.close();
  });
});
