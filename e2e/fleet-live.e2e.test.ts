import type { AvlRecord } from '@fleet/protocols';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, reportAsDevice } from './support.ts';

// A device reports over real Teltonika TCP and the open fleet page shows it without a reload.
let browser: Browser;
let page: Page;

function position(speedKmh: number): AvlRecord {
  return {
    timestampMs: Date.now(), priority: 0, longitude: -1.55, latitude: 53.8, altitude: 50, angle: 90, satellites: 10, speedKmh, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 }], [240, { size: 1, value: 1 }]]), ioVariable: new Map(),
  };
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn());
});
afterAll(async () => { await browser?.close(); });

/** A unit of the signed-in site that reports over Teltonika (unit type 2), other than `except`. */
function vanOf(p: Page, except?: number) {
  return p.evaluate(async (skip) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string; customerid: number; siteid: number };
    const res = await fetch(`/api/v1/units?cid=${user.customerid}`, { headers: { Authorization: `Bearer ${user.token}` } });
    const { units } = (await res.json()) as { units: { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }[] };
    return units.find((u) => u.siteid === user.siteid && u.unittype === 2 && u.unitid !== skip);
  }, except);
}

describe('live fleet', () => {
  it('shows a vehicle driving as soon as its device reports, without a reload', async () => {
    await page.goto('/tabs/tabs/fleet');
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    const unit = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string; customerid: number; siteid: number };
      const res = await fetch(`/api/v1/units?cid=${user.customerid}`, { headers: { Authorization: `Bearer ${user.token}` } });
      const { units } = (await res.json()) as { units: { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }[] };
      return units.find((u) => u.siteid === user.siteid && u.unittype === 2);
    });
    expect(unit).toBeDefined();
    if (!unit) return;
    await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    const row = page.locator(`li[data-unit="${unit.unitid}"]`);
    await row.waitFor();
    const answer = await reportAsDevice(unit.deviceid, [position(80)]);
    expect(answer.toString('hex')).toBe('0100000001');
    await expect.poll(() => row.textContent(), { timeout: 5000 }).toContain('driving at 50 mph');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('catches up on what was pushed before its socket first joined the site', async () => {
    const first = await vanOf(page);
    const unit = await vanOf(page, first?.unitid);
    expect(unit).toBeDefined();
    if (!unit) return;
    // A second page whose realtime socket is held back until the test lets it through.
    const held = await browser.newContext({ baseURL: page.url(), storageState: await page.context().storageState(), viewport: { width: 1440, height: 900 } });
    let release: () => void = () => {};
    const released = new Promise<void>((r) => { release = r; });
    await held.routeWebSocket(/\/socket\.io\//, async (ws) => {
      await released;
      ws.connectToServer();
    });
    const late = await held.newPage();
    await late.goto('/tabs/tabs/fleet');
    const row = late.locator(`li[data-unit="${unit.unitid}"]`);
    await row.waitFor();
    expect(await late.getByText('Live', { exact: true }).count()).toBe(0);

    // The vehicles answer is on screen; now the device reports, while the socket is still held.
    await reportAsDevice(unit.deviceid, [position(113)]);
    // Proves a negative (the page does not change while its socket is held): a fixed wait.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await row.textContent()).not.toContain('driving at 70 mph');

    release();
    await late.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('driving at 70 mph');
    await held.close();
  });
});
