import type { AvlRecord } from '@fleet/protocols';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, newPage, openSignedIn, reportAsDevice, signIn } from './support.ts';

// Browser tests of the unit debugger (debug/:uid): reached from the fleet list, connects only on
// Connect, and says clearly when the unit is not the user's. The e2e server runs no simulator, so
// these check the connection and the refusal, not live frames.
let browser: Browser;
let page: Page;
const sockets: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({
    context: { viewport: { width: 1280, height: 800 } },
    prepare: (p) => p.on('websocket', (ws) => sockets.push(ws.url())),
  }));
});

afterAll(async () => {
  await browser?.close();
});

const status = () => page.getByTestId('connection-status');

describe('unit debugger', () => {
  it("opens from an administrator's vehicle details (Diagnostics) and connects only on Connect", async () => {
    // Operators' rows and details carry no debugger link (issue 10): diagnostics are in the details, for administrators.
    const admin = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signIn(admin, inject('adminEmail'));
    await admin.goto('/tabs/tabs/fleet');
    await admin.getByRole('button', { name: /^Details of/ }).first().click();
    const debug = admin.getByTestId('vehicle-diagnostics').getByRole('link', { name: /^Debug / });
    await debug.waitFor();
    const href = await debug.getAttribute('href');
    expect(href).toMatch(/^\/tabs\/tabs\/debug\/\d+$/);
    await admin.context().close();

    await page.goto(href ?? '');
    await page.getByTestId('unit-registration').waitFor();
    const registration = await page.getByTestId('unit-registration').textContent();
    await page.getByRole('heading', { level: 1, name: `Debug ${registration}` }).waitFor();
    expect(await status().textContent()).toBe('Not connected');
    // The fleet page's live socket may be open; the debugger's own (with uid) must not be yet.
    expect(sockets.filter((url) => /[?&]uid=\d+/.test(url))).toEqual([]);

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Connected');
    expect(sockets.some((url) => url.includes('/socket.io/') && /[?&]uid=\d+/.test(url))).toBe(true);
    expect(await page.getByTestId('debug-error').count()).toBe(0);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => status().textContent()).toBe('Not connected');
  });

  it("says 'No such unit.' for a unit that is not on the user's sites", async () => {
    await page.goto('/tabs/tabs/debug/999999');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const frames = page.getByRole('region', { name: 'Frames' });
    await frames.getByTestId('debug-error').getByText('No such unit.').waitFor({ timeout: 20_000 });
    expect(await status().textContent()).toBe('Disconnected');
  });

  it('explains a unit id that is not a number', async () => {
    await page.goto('/tabs/tabs/debug/abc');
    await page.getByText('This is not a unit number').waitFor();
    expect(await page.getByRole('button', { name: 'Connect', exact: true }).count()).toBe(0);
  });
});

describe('refused records (administrators)', () => {
  const at = (lat: number, timestampMs: number): AvlRecord => ({
    timestampMs, priority: 0, longitude: -2.6, latitude: lat, altitude: 50, angle: 0, satellites: 9, speedKmh: 20, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 }]]), ioVariable: new Map(),
  });

  it("lists a unit's implausible records with the reasons and resets its state; operators do not see the section", async () => {
    const admin = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signIn(admin, inject('adminEmail'));
    const { units } = await apiGet<{ units: Array<{ unitid: number; deviceid: string; unittype: number }> }>(admin, 'units?cid=' +
      (await admin.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number }).customerid)));
    const unit = units.filter((u) => u.unittype === 1)[0] as { unitid: number; deviceid: string };
    // Latitude 200 in the year 9999 (stored, flagged, acknowledged), then a good position.
    const acks = await reportAsDevice(unit.deviceid, [at(200, 253402300799000), at(54.61, Date.now() - 1000)]);
    expect(acks.length).toBe(9);

    await admin.goto(`/tabs/tabs/debug/${unit.unitid}`);
    const section = admin.getByRole('region', { name: 'Refused records' });
    await section.getByText('Latitude off the globe').first().waitFor({ timeout: 20_000 });
    await section.getByText('Time in the future').first().waitFor();
    await section.getByRole('button', { name: 'Reset state' }).click();
    await section.getByTestId('reset-result').getByText(/newest plausible position/).waitFor();
    await admin.context().close();

    await page.goto(`/tabs/tabs/debug/${unit.unitid}`);
    await page.getByTestId('unit-registration').waitFor();
    expect(await page.getByRole('region', { name: 'Refused records' }).count()).toBe(0);
  });
});
