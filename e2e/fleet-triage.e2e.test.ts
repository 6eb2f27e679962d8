import type { AvlRecord } from '@fleet/protocols';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, expectAccessible, launchBrowser, newPage, reportAsDevice, signIn, siteOf, waitForFleetPage } from './support.ts';

// The fleet list as a triage list (issue 10, items 4, 5, 9, 11, 12): status chips whose counts are
// the vehicles answer's, alarms on top, compact rows remembered per browser, the list as one tab
// stop reached from the sign-in page in under 10 Tab presses, the alarm's cause with Open alert and
// Clear, drivers that select their vehicle, and the dashboard's tiles into the fleet view.
interface ApiVehicle {
  unitid: number;
  registration: string;
  drivername: string;
  speed: number;
  ign: number;
  updated: string | null;
  vehiclealarm: boolean;
}
interface Unit {
  unitid: number;
  deviceid: string;
  registration: string;
  unittype: number;
  siteid: number;
}

const STATES = ['driving', 'idling', 'stopped', 'no report', 'alarm'] as const;
type StateWord = (typeof STATES)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The state rule, written here again on its own (not imported): an open alarm first; no report for
 * over 24 hours (or never) next; else stopped with the ignition off, idling at speed 0, driving.
 */
function stateOf(v: ApiVehicle, now: number): StateWord {
  if (v.vehiclealarm) return 'alarm';
  const at = v.updated ? Date.parse(v.updated) : Number.NaN;
  if (!Number.isFinite(at) || now - at > DAY_MS) return 'no report';
  if (v.ign === 0) return 'stopped';
  return v.speed === 0 ? 'idling' : 'driving';
}

function expectedCounts(vehicles: readonly ApiVehicle[], now: number): Record<StateWord, number> {
  const counts = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<StateWord, number>;
  for (const v of vehicles) counts[stateOf(v, now)] += 1;
  return counts;
}

let browser: Browser;
let page: Page;

const chips = () => page.getByRole('group', { name: 'Show vehicles by state' });
const chip = (word: StateWord) => chips().getByRole('button', { name: new RegExp(`^${word} \\d+$`) });
const rows = () => page.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]');

async function chipCounts(): Promise<Record<StateWord, number>> {
  const out = {} as Record<StateWord, number>;
  for (const word of STATES) out[word] = Number(await chip(word).locator('[data-count]').textContent());
  return out;
}

async function siteVehicles(p: Page): Promise<ApiVehicle[]> {
  const answer = await apiGet<{ vehicles: ApiVehicle[] }>(p, `vehicles?siteid=${await siteOf(p)}`);
  return answer.vehicles;
}

function position(lat: number, lon: number, panic: number, at: number): AvlRecord {
  return {
    timestampMs: at, priority: panic ? 2 : 0, longitude: lon, latitude: lat, altitude: 50, angle: 0,
    satellites: 10, speedKmh: 20, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 }], [2, { size: 1, value: panic }]]), ioVariable: new Map(),
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('the triage list', () => {
  it("counts each state as the vehicles answer says, and a chip shows exactly the vehicles it counts", async () => {
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    // The answer and the chips are read together until they agree (a live update may land between).
    await expect
      .poll(async () => {
        const vehicles = await siteVehicles(page);
        return JSON.stringify(await chipCounts()) === JSON.stringify(expectedCounts(vehicles, Date.now()));
      }, { timeout: 15_000 })
      .toBe(true);
    const counts = await chipCounts();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBe((await siteVehicles(page)).length);
    expect(total).toBeGreaterThan(0);

    for (const word of STATES.filter((w) => counts[w] > 0)) {
      await chip(word).click();
      await expect.poll(() => rows().count()).toBe(counts[word]);
      await chip(word).click();
    }
    await expect.poll(() => rows().count()).toBe(total);
    await expectAccessible(page, 'fleet list, desktop');
  });

  it('puts a vehicle in alarm at the top, with its cause, since when, Open alert and a Clear that asks first', async () => {
    const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number }).customerid)}`);
    const site = await siteOf(page);
    // A car of the site: the other browser tests raise their alarms on vans and HGVs.
    const car = units.filter((u) => u.siteid === site && u.unittype === 3).at(-1);
    if (!car) throw new Error('no car on the site');
    const now = Date.now();
    await reportAsDevice(car.deviceid, [position(53.8, -1.55, 0, now - 2000), position(53.8, -1.55, 1, now - 1000)]);
    await expect.poll(async () => (await siteVehicles(page)).find((v) => v.unitid === car.unitid)?.vehiclealarm, { timeout: 15_000 }).toBe(true);
    // A fresh answer: this checks the list, not the live push of the alarm flag.
    await page.reload();
    await waitForFleetPage(page);

    const row = page.locator(`li[data-unit="${car.unitid}"]`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('alarm');
    // Pinned: no vehicle out of alarm is listed above it.
    const states = await rows().evaluateAll((els) => els.map((e) => [e.getAttribute('data-unit'), e.getAttribute('data-state')]));
    const at = states.findIndex(([unit]) => unit === String(car.unitid));
    expect(states.slice(0, at).every(([, state]) => state === 'alarm')).toBe(true);
    const answer = expectedCounts(await siteVehicles(page), Date.now());
    expect(answer.alarm).toBeGreaterThan(0);
    await expect.poll(async () => chipCounts(), { timeout: 10_000 }).toEqual(answer);

    await row.getByRole('button', { name: `Details of ${car.registration}` }).click();
    const alarm = page.getByTestId('alarm-section');
    await alarm.getByText('Panic button pressed', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await alarm.getByText(/^since \d\d:\d\d/).count()).toBe(1);
    // The map card says it too, in one line.
    await page.getByTestId('map-card').getByText(/^Panic button pressed · since \d\d:\d\d$/).waitFor();
    expect(await alarm.getByRole('link', { name: /^Open alert: / }).getAttribute('href')).toMatch(/^\/tabs\/tabs\/alerts\/panic\/\d+$/);
    await expectAccessible(page, 'fleet, vehicle in alarm, details');

    // Clear asks first; keeping it changes nothing.
    await alarm.getByRole('button', { name: `Clear the alarm of ${car.registration}` }).click();
    const dialog = page.getByRole('dialog', { name: `Clear the alarm of ${car.registration}?` });
    await dialog.getByText('for everyone on the site', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await siteVehicles(page)).find((v) => v.unitid === car.unitid)?.vehiclealarm).toBe(true);

    await alarm.getByRole('button', { name: `Clear the alarm of ${car.registration}` }).click();
    await dialog.getByRole('button', { name: 'Clear the alarm' }).click();
    await expect.poll(async () => (await siteVehicles(page)).find((v) => v.unitid === car.unitid)?.vehiclealarm, { timeout: 15_000 }).toBe(false);
    await alarm.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Back to the list' }).click();
  });

  it('has compact rows of 32 to 40 px, sortable by speed, remembered after a reload', async () => {
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    await page.getByText('Compact', { exact: true }).click();
    await page.getByTestId('compact-header').waitFor();
    const heights = await rows().evaluateAll((els) => els.slice(0, 10).map((e) => e.getBoundingClientRect().height));
    for (const h of heights) {
      expect(h).toBeGreaterThanOrEqual(32);
      expect(h).toBeLessThanOrEqual(40);
    }
    // Fastest first (unpinned, so an alarm left open by another test cannot break the order).
    await page.getByRole('checkbox', { name: 'Alarms on top' }).uncheck();
    await page.getByRole('button', { name: 'Sort by Speed' }).click();
    const shown = (await rows().locator('[class*="cellNumber"]').allTextContents()).map((s) => Number(/^(\d+) mph$/.exec(s)?.[1] ?? -1));
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    await expectAccessible(page, 'fleet list, compact, desktop');

    await page.reload();
    await page.getByTestId('compact-header').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Alarms on top' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Alarms on top' }).check();
  });

  it('selects the vehicle of a driver chosen on the Drivers tab, and says when a driver is in none', async () => {
    const vehicles = await siteVehicles(page);
    const driven = vehicles.find((v) => v.drivername.trim());
    if (!driven) throw new Error('no vehicle with a driver');
    await page.getByRole('tab', { name: 'Drivers' }).click();
    const drivers = page.getByRole('list', { name: 'Drivers', exact: true });
    await drivers.locator('li[data-driver]').filter({ hasText: driven.drivername.trim() }).first().getByRole('button').click();
    await page.getByTestId('map-card').waitFor();
    const card = (await page.getByTestId('map-card').textContent()) ?? '';
    const picked = vehicles.filter((v) => v.drivername.trim().toLowerCase() === driven.drivername.trim().toLowerCase());
    expect(picked.some((v) => card.includes(v.registration))).toBe(true);
    const inNone = drivers.locator('li[data-driver]').filter({ hasText: 'not in a vehicle' });
    if ((await inNone.count()) > 0) expect(await inNone.first().getByRole('button').getAttribute('aria-disabled')).toBe('true');
    await expectAccessible(page, 'fleet, drivers tab, vehicle selected');
    await page.getByRole('tab', { name: 'Vehicles' }).click();
    await page.keyboard.press('Escape');
  });
});

describe('keyboard', () => {
  it('goes from the sign-in page to a selected vehicle in under 10 Tab presses; the list is one tab stop; Esc deselects', async () => {
    const kb = await newPage(browser);
    let tabs = 0;
    const tab = async (shift = false) => {
      await kb.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
      tabs += 1;
    };
    const focused = () => kb.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '', name: (el as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? '', tag: el?.tagName ?? '' };
    });
    await kb.goto('/login');
    await kb.getByLabel('E-mail').waitFor();
    // From page load: Tab until the e-mail field has focus (none needed if it is autofocused).
    while (!(await kb.getByLabel('E-mail').evaluate((e) => e === document.activeElement)) && tabs < 10) await tab();
    await kb.keyboard.type(inject('operatorEmail'));
    await tab();
    expect(await kb.getByLabel('Password', { exact: true }).evaluate((e) => e === document.activeElement)).toBe(true);
    await kb.keyboard.type(inject('demoPassword'));
    await kb.keyboard.press('Enter');
    await kb.waitForURL(/\/tabs\/tabs\/fleet/);
    await kb.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]').first().waitFor({ timeout: 30_000 });

    const seen: string[] = [];
    while ((await focused()).label !== 'Skip to vehicle list' && tabs < 10) {
      await tab();
      seen.push((await focused()).label);
    }
    expect((await focused()).label, `tab stops after sign-in: ${seen.join(' > ')}`).toBe('Skip to vehicle list');
    await kb.keyboard.press('Enter');
    const list = kb.getByRole('list', { name: 'Vehicles' });

    await expect.poll(() => list.evaluate((l) => l.contains(document.activeElement)), { timeout: 5000 }).toBe(true);
    await kb.keyboard.press('Enter');
    await kb.getByTestId('map-card').waitFor();
    expect(tabs).toBeLessThan(10);

    // One tab stop with the arrows inside.
    const activeUnit = () => kb.evaluate(() => document.activeElement?.closest('[data-unit]')?.getAttribute('data-unit') ?? null);
    const units = await list.locator('li[data-unit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')));
    const first = await activeUnit();
    await kb.keyboard.press('ArrowDown');
    await expect.poll(activeUnit).toBe(units[units.indexOf(first) + 1]);
    await kb.keyboard.press('End');
    await expect.poll(activeUnit).toBe(units.at(-1));
    await kb.keyboard.press('Home');
    await expect.poll(activeUnit).toBe(units[0]);
    expect(await list.locator('[tabindex="0"]').count()).toBe(1);
    await kb.keyboard.press('Tab');
    expect(await list.evaluate((l) => l.contains(document.activeElement))).toBe(false);
    await kb.keyboard.press('Shift+Tab');
    await expect.poll(activeUnit).toBe(units[0]);

    // Esc drops the selection; focus stays in the list.
    await kb.keyboard.press('Escape');
    await kb.getByTestId('map-card').waitFor({ state: 'detached' });
    expect(await list.locator('[aria-pressed="true"]').count()).toBe(0);
    expect(await list.evaluate((l) => l.contains(document.activeElement))).toBe(true);
    await kb.context().close();
  });
});

describe('the dashboard and the phone', () => {
  it("shows the fleet status in the list's counts, and a tile opens the fleet view filtered to its state", async () => {
    await page.goto('/tabs/tabs/dashboard');
    const strip = page.getByTestId('fleet-status');
    await strip.locator('[data-state="stopped"] [data-count]').filter({ hasText: /^\d+$/ }).waitFor();
    await page.getByTestId('latest-alerts').getByRole('heading', { name: 'Latest alerts' }).waitFor();
    const expected = expectedCounts(await siteVehicles(page), Date.now());
    const word: Record<string, StateWord> = { driving: 'driving', idling: 'idling', stopped: 'stopped', stale: 'no report', alarm: 'alarm' };
    for (const [state, w] of Object.entries(word)) {
      expect(Number(await strip.locator(`[data-state="${state}"] [data-count]`).textContent())).toBe(expected[w]);
    }
    await expectAccessible(page, 'dashboard, desktop');

    const target = (['stopped', 'driving', 'idling'] as const).find((s) => expected[s] > 0) ?? 'stopped';
    await strip.locator(`a[data-state="${target}"]`).click();
    await page.waitForURL(/\/tabs\/tabs\/fleet$/);
    await expect.poll(() => chip(target).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => rows().count()).toBe(expected[target]);
    await chip(target).click();
  });

  it('passes the accessibility gate at phone size: list, compact, vehicle selected, dashboard', async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(phone);
    await phone.goto('/tabs/tabs/fleet');
    await phone.getByText('List', { exact: true }).click();
    await phone.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]').first().waitFor();
    await expectAccessible(phone, 'fleet list, phone');
    await phone.getByText('Compact', { exact: true }).click();
    await phone.getByTestId('compact-header').waitFor();
    await expectAccessible(phone, 'fleet list, compact, phone');
    await phone.getByText('Cards', { exact: true }).click();
    await phone.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit] [data-pick]').first().click();
    await phone.getByTestId('map-card').waitFor();
    await expectAccessible(phone, 'fleet, vehicle selected, phone');
    await phone.goto('/tabs/tabs/dashboard');
    await phone.getByTestId('fleet-status').locator('[data-state="alarm"] [data-count]').filter({ hasText: /^\d+$/ }).waitFor();
    await expectAccessible(phone, 'dashboard, phone');
    await phone.context().close();

    // The desktop's selected vehicle too.
    await page.goto('/tabs/tabs/fleet');
    await waitForFleetPage(page);
    await rows().first().locator('[data-pick]').click();
    await page.getByTestId('map-card').waitFor();
    await expectAccessible(page, 'fleet, vehicle selected, desktop');
  });
});
