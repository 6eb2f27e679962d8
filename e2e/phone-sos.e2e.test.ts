import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, openSignedIn, sendOsmand, siteOf } from './support.ts';

// The Traccar Client phone app (issue 13): its SOS button raises the same panic banner as a
// Teltonika panic input, and a faked (mock) location is flagged in the vehicle's details.
const SLOW = { timeout: 30_000 };
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const run = String(Date.now() % 1_000_000).padStart(6, '0');
const sosPhone = { uid: `e2e-sos-${run}`, registration: `PH SOS ${run}`, unitid: 0 };
const mockPhone = { uid: `e2e-mock-${run}`, registration: `PH MOCK ${run}`, unitid: 0 };
const seconds = (offset = 0) => String(Math.floor(Date.now() / 1000) + offset);

/** The newer app's JSON body, POSTed as the app does. */
async function sendOsmandJson(body: unknown): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${inject('osmandPort')}/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ email: inject('adminEmail'), prepare: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) }));
  const siteid = await siteOf(page);
  for (const phone of [sosPhone, mockPhone]) {
    // Unit type 20: Phone (Traccar Client).
    const answer = await apiPost<{ ok: number; unitid: number }>(page, 'addnewsiteunit', { siteid, uid: phone.uid, unittype: 20, registration: phone.registration });
    expect(answer.ok).toBe(1);
    phone.unitid = answer.unitid;
  }
});
afterAll(async () => { await browser?.close(); });

describe('Traccar Client phone', () => {
  it("raises the panic banner when the driver presses the app's SOS button", async () => {
    await page.goto('/tabs/tabs/dashboard');
    // A position first (a unit's first report only sets what the events processor remembers), then the SOS.
    expect(await sendOsmand({ id: sosPhone.uid, lat: '54.6', lon: '-2.6', timestamp: seconds(-2), batt: '64' })).toBe(200);
    expect(await sendOsmand({ id: sosPhone.uid, lat: '54.6', lon: '-2.6', timestamp: seconds(-1), alarm: 'sos', batt: '64' })).toBe(200);
    // Raised: it is among the site's open panics (the dashboard call's panic lines).
    await expect.poll(async () => (await apiGet<{ panic: string }>(page, 'dashalerts')).panic.includes(sosPhone.registration), SLOW).toBe(true);
    // On the banner: its own line, or, when other files' panics fill the banner's three lines with
    // newer ones, the "more panics" link to the panic list, where every open panic has its line.
    const banner = page.getByTestId('panic-banner');
    const line = banner.getByRole('button', { name: `Acknowledge panic for ${sosPhone.registration}` });
    const more = banner.getByRole('link', { name: /more panics?: open the panic list/ });
    await expect.poll(async () => (await line.count()) + (await more.count()), SLOW).toBeGreaterThan(0);
    if ((await line.count()) === 0) await more.click();
    // Acknowledged as any panic: the confirm, then the line goes.
    const ack = page.getByRole('button', { name: `Acknowledge panic for ${sosPhone.registration}` }).first();
    await ack.click();
    await page.getByRole('button', { name: 'Yes Please' }).click();
    await expect.poll(async () => (await apiGet<{ panic: string }>(page, 'dashalerts')).panic.includes(sosPhone.registration), SLOW).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: `Acknowledge panic for ${sosPhone.registration}` }).count(), SLOW).toBe(0);
  });

  it('shows a faked location as a warning badge on the map card and in the vehicle details, with what the phone reported', async () => {
    expect(await sendOsmandJson({
      device_id: mockPhone.uid,
      location: {
        timestamp: new Date().toISOString(), mock: true, coords: { latitude: 54.61, longitude: -2.61, accuracy: 5, speed: 0, heading: -1 },
        odometer: 179_577_800, is_moving: false, event: 'motionchange', battery: { level: 0.42, is_charging: true }, activity: { type: 'still' }, extras: {},
      },
    })).toBe(200);
    await page.goto(`/tabs/tabs/fleet/0/${mockPhone.unitid}`);
    const card = page.getByTestId('map-card');
    await card.getByText(mockPhone.registration, { exact: true }).waitFor(SLOW);
    // The card over the map says it too.
    await card.getByTestId('mock-badge').waitFor(SLOW);
    await page.getByRole('button', { name: `Details of ${mockPhone.registration}` }).click();
    const details = page.getByTestId('vehicle-details');
    await details.getByRole('heading', { name: mockPhone.registration }).waitFor(SLOW);
    const badge = details.getByTestId('mock-badge');
    await badge.waitFor(SLOW);
    expect((await badge.textContent())?.trim()).toBe('Faked location (mock)');
    const report = details.getByTestId('vehicle-report');
    await expect.poll(() => report.textContent(), SLOW).toContain('Battery42 %');
    expect(await report.textContent()).toContain('ChargingYes');
    expect(await report.textContent()).toContain('Faked locationYes');
    // The site reads imperial (every browser test's site): the phone's odometer (m) in miles, never km.
    expect(await report.textContent()).toContain('Total odometer111,584 mi');
    expect(await report.textContent()).not.toContain(' km');
    await expectAccessible(page, 'fleet, a phone with a faked location, details open');
    expect(pageErrors).toEqual([]);
  });

  it("the debugger says a phone's satellite count is not reported, and reads its odometer in miles", async () => {
    await page.goto(`/tabs/tabs/debug/${mockPhone.unitid}`);
    await page.getByTestId('unit-registration').getByText(mockPhone.registration, { exact: true }).waitFor(SLOW);
    expect((await page.getByTestId('satellites-not-reported').textContent())?.trim()).toBe('Not reported');
    const attributes = page.getByTestId('unit-attributes');
    expect(await attributes.textContent()).toContain('Total odometer111,584 mi');
    expect(pageErrors).toEqual([]);
  });
});
