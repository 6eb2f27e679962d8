import type { AvlRecord } from '@fleet/protocols';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, expectAccessible, launchBrowser, newPage, reportAsDevice, signIn, siteOf, waitForFleetPage } from './support.ts';

// Driver mode (issue 11) at phone and tablet size with touch: an administrator registers the browser
// as a cab device of their own (never the demo's "Leeds cab 1", which other files may use), the demo
// driver signs in on it, picks a vehicle, the office's fleet page in another browser shows the driver
// on it without a reload, and the driver logs off.

const DRIVER = 'James Holroyd';
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 1024, height: 768 } },
] as const;

interface OfficeVehicle { unitid: number; registration: string; drivername: string; lat: number | null }
interface OfficeUnit { unitid: number; deviceid: string; unittype: number; siteid: number }

/** A report from a Teltonika device in Leeds, now. */
const position = (): AvlRecord => ({
  timestampMs: Date.now(), priority: 0, longitude: -1.549, latitude: 53.796, altitude: 50, angle: 90, satellites: 10, speedKmh: 0, eventIoId: 0,
  io: new Map([[239, { size: 1, value: 0 }], [240, { size: 1, value: 0 }]]), ioVariable: new Map(),
});

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser.close(); });

/** Calls the API with the page's stored session (driver or user). */
function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(async ({ method, path, body }) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string };
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const res = await fetch(`/api/v1/${path}`, {
      method,
      headers: { ...(user.token ? { Authorization: `Bearer ${user.token}` } : {}), 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return res.json();
  }, { method, path, body }) as Promise<T>;
}

describe.each(SIZES)('driver mode at $name size', ({ name: size, viewport }) => {
  it('registers a cab device, signs the driver in, puts them on a vehicle the office sees live, logs off', async () => {
    // The office: the fleet page of Leeds in a browser of its own.
    const office = await newPage(browser);
    await signIn(office);
    const siteId = await siteOf(office);
    const vehicles = (await apiGet<{ vehicles: OfficeVehicle[] }>(office, `vehicles?siteid=${siteId}`)).vehicles;
    const original = vehicles.find((v) => v.drivername === DRIVER);
    // A Teltonika vehicle without a driver (the last such: other files use the first), made to report
    // once, so it has a state the live update is built from.
    const cid = await office.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number }).customerid);
    const units = (await apiGet<{ units: OfficeUnit[] }>(office, `units?cid=${cid}`)).units;
    const free = new Set(vehicles.filter((v) => v.drivername === '').map((v) => v.unitid));
    const unit = units.filter((u) => u.siteid === siteId && u.unittype === 2 && free.has(u.unitid)).at(size === 'phone' ? -1 : -2);
    expect(unit, 'a Leeds van without a driver').toBeDefined();
    await reportAsDevice(unit!.deviceid, [position()]);
    const target = vehicles.find((v) => v.unitid === unit!.unitid)!;
    await expect.poll(async () => (await apiGet<{ vehicles: OfficeVehicle[] }>(office, `vehicles?siteid=${siteId}`)).vehicles
      .find((v) => v.unitid === target.unitid)?.lat ?? null, { timeout: 15_000 }).not.toBeNull();
    await office.goto('/tabs/tabs/fleet');
    await waitForFleetPage(office);

    // The cab: an administrator registers this browser.
    const cab = await newPage(browser, { viewport, hasTouch: true, isMobile: true });
    await signIn(cab, inject('adminEmail'));
    await cab.goto('/tabs/tabs/config/cabdevices');
    await cab.getByRole('heading', { name: 'Cab devices' }).waitFor();
    await expectAccessible(cab, `cab devices (${size})`);
    const deviceName = `E2E cab ${size} ${Date.now().toString(36)}`;
    await cab.getByLabel('Name of the cab device').fill(deviceName);
    await cab.getByRole('button', { name: 'Register this browser as a cab device' }).tap();
    await cab.getByText('This browser will run in driver mode only; you will be signed out.').waitFor();
    await cab.getByRole('button', { name: 'Continue' }).tap();
    await cab.waitForURL(/\/tabs\/tabs\/driverlogin$/);
    await cab.getByText(deviceName).waitFor();
    expect(await cab.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // Driver mode only: a user page goes back to the driver's sign-in.
    await cab.goto('/tabs/tabs/fleet');
    await cab.waitForURL(/\/tabs\/tabs\/driverlogin$/);
    await cab.getByRole('radio', { name: DRIVER }).waitFor();
    await expectAccessible(cab, `driver sign-in (${size})`);

    // A wrong password is said in words; the right one signs in.
    await cab.getByRole('radio', { name: DRIVER }).tap();
    await cab.getByLabel('Password', { exact: true }).fill('not-the-password');
    await cab.getByRole('button', { name: 'Sign in' }).tap();
    await cab.getByRole('alert').filter({ hasText: 'The driver or password is not right.' }).waitFor();
    await cab.getByRole('button', { name: 'Sign in' }).waitFor();
    await cab.screenshot({ path: `docs/screenshots/driverlogin-${size}.png` });
    await cab.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
    await cab.getByRole('button', { name: 'Sign in' }).tap();
    await cab.waitForURL(/\/tabs\/tabs\/vehicleselection$/);
    await cab.getByRole('button', { name: new RegExp(target!.registration) }).waitFor();
    await expectAccessible(cab, `vehicle selection (${size})`);
    await cab.screenshot({ path: `docs/screenshots/vehicleselection-${size}.png` });

    // Search narrows the list; tapping the vehicle sets the driver up.
    await cab.getByLabel('Find a registration').fill(target!.registration.slice(0, 4).toLowerCase());
    await cab.getByRole('button', { name: new RegExp(target!.registration) }).tap();
    await cab.waitForURL(/\/tabs\/tabs\/drivertabs$/);
    await expect.poll(() => cab.getByTestId('driver-registration').textContent()).toBe(target!.registration);
    expect(await cab.getByTestId('driver-name').textContent()).toBe(DRIVER);
    const stored = await cab.evaluate(() => JSON.parse(localStorage.getItem('fleet.driverRecord') ?? 'null') as { uid: number } | null);
    expect(stored?.uid).toBe(target!.unitid);
    const tabs = cab.getByRole('navigation', { name: 'Driver pages' });
    for (const label of ['Check list', 'Vehicle', 'Messages', 'Map']) await tabs.getByRole('link', { name: label }).waitFor();
    const tabBox = await tabs.boundingBox();
    expect(tabBox?.height).toBeGreaterThanOrEqual(64);
    expect((tabBox?.y ?? 0) + (tabBox?.height ?? 0)).toBeCloseTo(viewport.height, 0);
    await expectAccessible(cab, `driver home (${size})`);
    await cab.screenshot({ path: `docs/screenshots/drivertabs-${size}.png` });

    // The office sees the driver on that vehicle without a reload.
    const row = office.getByRole('list', { name: 'Vehicles' }).locator(`li[data-unit="${target!.unitid}"]`);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(DRIVER);

    // The driver's map: the vehicle and the site's places.
    await tabs.getByRole('link', { name: 'Map' }).tap();
    await cab.waitForURL(/\/tabs\/tabs\/map$/);
    await cab.getByRole('region', { name: "Map of your vehicle and the site's places" }).locator('canvas.maplibregl-canvas').waitFor();
    await cab.waitForTimeout(1500);
    await expectAccessible(cab, `driver map (${size})`);
    await cab.screenshot({ path: `docs/screenshots/driver-map-${size}.png` });

    // Log off: off the vehicle, signed out, back at the driver's sign-in.
    await cab.getByRole('button', { name: 'Log off from the vehicle' }).tap();
    const dialog = cab.getByRole('dialog', { name: 'Log off from the vehicle' });
    await dialog.waitFor();
    await expectAccessible(cab, `log off confirmation (${size})`);
    await dialog.getByRole('button', { name: 'Log off from the vehicle' }).tap();
    await cab.waitForURL(/\/tabs\/tabs\/driverlogin$/);
    expect(await cab.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).not.toContain(DRIVER);

    // Leave the demo as it was: the driver back on their own vehicle (signed in again, then out without unassigning).
    if (original) {
      const saved = await cab.evaluate(() => JSON.parse(localStorage.getItem('fleet.cabDevice') ?? '{}') as { deviceid: number; devicekey: string });
      const key = { deviceid: saved.deviceid, devicekey: saved.devicekey };
      const drivers = await call<{ drivers: { id: number; name: string }[] }>(cab, 'POST', 'cabdrivers', key);
      expect(drivers.drivers, JSON.stringify(drivers)).toBeDefined();
      const me = drivers.drivers.find((d) => d.name === DRIVER)!;
      const login = await call<{ user: unknown }>(cab, 'POST', 'driverlogin', { ...key, driverid: me.id, pass: inject('demoPassword') });
      await cab.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), login.user);
      await call(cab, 'POST', 'assigndriver', { uid: original.unitid });
      await call(cab, 'POST', 'logout', {});
      await cab.evaluate(() => localStorage.removeItem('user'));
    }
    await cab.context().close();
    await office.context().close();
  }, 180_000);
});
