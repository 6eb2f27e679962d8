import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { position } from './alert-traffic.ts';
import { openSignedIn, reportAsDevice } from './support.ts';

// Alerts raised by real device traffic (Teltonika TCP) reach the open shell: a geofence entry shows
// the geofence banner, a panic press shows the panic banner and is acknowledged through the confirm,
// and the dashboard's counts match the alert lists.
let browser: Browser;
let page: Page;
interface Unit { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }

async function api<T>(call: string): Promise<T> {
  return page.evaluate(async (c) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string; customerid: number; siteid: number };
    const url = `/api/v1/${c.replace('{cid}', String(user.customerid)).replace('{siteid}', String(user.siteid))}`;
    return (await fetch(url, { headers: { Authorization: `Bearer ${user.token}` } })).json();
  }, call) as Promise<T>;
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn());
});
afterAll(async () => { await browser?.close(); });

describe('alerts from device traffic', () => {
  let unit: Unit;

  it('shows the geofence banner when a vehicle enters a geofence', async () => {
    await page.goto('/tabs/tabs/fleet');
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    const { units } = await api<{ units: Unit[] }>('units?cid={cid}');
    const { poi } = await api<{ poi: { id: number; name: string; mode: number; gp: string | null }[] }>('poi?siteid={siteid}');
    unit = units.filter((u) => u.unittype === 1).at(-1) as Unit;
    // A geofence of the site: the demo marks some POI as geofences; find one through getgeofence.
    let fence: { name: string; gp: string } | undefined;
    for (const p of poi.filter((x) => x.mode === 1 && x.gp)) {
      const g = await api<{ poi: { geofence: boolean } }>(`getgeofence?id=${p.id}`);
      if (g.poi.geofence) { fence = { name: p.name, gp: p.gp as string }; break; }
    }
    expect(fence).toBeDefined();
    const [lat, lon] = (fence as { gp: string }).gp.split(',').map(Number) as [number, number];
    await reportAsDevice(unit.deviceid, [position(54.6, -2.6), position(lat, lon)]);
    // One line at a fixed height: the latest alert (registration, HH:mm, the spec's text).
    const banner = page.getByRole('region', { name: 'Geofence alerts' });
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toContain(unit.registration);
    expect(await banner.getByRole('status').textContent()).toMatch(new RegExp(`^${unit.registration} \\d\\d:\\d\\d Asset Geofence Alert`));
  });

  it('shows a panic and acknowledges it through the confirm', async () => {
    await reportAsDevice(unit.deviceid, [position(54.6, -2.6, 0), position(54.6, -2.6, 1)]);
    const banner = page.getByRole('alert', { name: /panic/i });
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toContain('Vehicle Panic Alert Notification');
    expect(await banner.textContent()).toContain(unit.registration);
    await page.getByRole('button', { name: `Acknowledge panic for ${unit.registration}` }).click();
    await page.getByText('Confirm!').waitFor();
    await page.getByText(`Acknowledge Panic for ${unit.registration}. are you sure?`).waitFor();
    await page.getByRole('button', { name: 'Yes Please' }).click();
    await expect.poll(async () => (await api<{ counts: { panic: number } }>('dashalerts')).counts.panic, { timeout: 10_000 }).toBe(0);
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
  });

  it('shows dashboard counts that match the alert lists', async () => {
    await page.goto('/tabs/tabs/dashboard');
    const { counts } = await api<{ counts: { panic: number; zone: number; spn: number } }>('dashalerts');
    for (const [list, n] of [['panic', counts.panic], ['zone', counts.zone], ['spn', counts.spn]] as const) {
      const { alerts } = await api<{ alerts: unknown[] }>(`alertlist?list=${list}&open=1`);
      expect(alerts.length).toBe(n);
    }
    expect(counts.zone).toBeGreaterThan(0);
    const zoneTile = page.getByRole('link', { name: /Zone Alerts/ });
    await expect.poll(() => zoneTile.textContent(), { timeout: 10_000 }).toContain(String(counts.zone));
  });
});
