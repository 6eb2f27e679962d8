import type { AvlRecord } from '@fleet/protocols';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, openSignedIn, sendTeltonikaTcp } from './support.ts';

// Issue 16: the fuel monitor showing a refuel. A new unit (tank 300 l) reports over Teltonika TCP
// an hour parked at 90 l, a refuel to 240 l and half an hour parked after it (CAN fuel level, IO 84,
// with a little sensor noise); the server's fuel job (kicked by the new positions) finds the refuel
// and the page shows it in the events list and on the chart. FLEET_SCREENSHOTS=1 writes the screenshots.

const SHOTS = process.env.FLEET_SCREENSHOTS === '1';
const SHOT_DIR = path.resolve(import.meta.dirname, '../docs/screenshots');
const IMEI = `35${String(Date.now()).slice(-13)}`;
const REG = `FU${String(Date.now()).slice(-4)} EL`;

let browser: Browser;
let page: Page;

/** A parked record at the depot with the CAN fuel level in litres (IO 84, 0.1 l) and the fuel used counter (IO 83). */
function record(t: number, litres: number, ign: number): AvlRecord {
  return {
    timestampMs: t, priority: 0, latitude: 53.7996, longitude: -1.5491, altitude: 60, angle: 0, satellites: 9, speedKmh: 0, eventIoId: 0,
    io: new Map([[239, { size: 1, value: ign }], [240, { size: 1, value: 0 }], [84, { size: 2, value: Math.round(litres * 10) }],
      [83, { size: 4, value: 1_000_000 }]]),
    ioVariable: new Map(),
  };
}

function trace(): AvlRecord[] {
  const end = Date.now() - 60_000;
  const start = end - 100 * 60_000;
  const out: AvlRecord[] = [];
  // Sensor noise of about ±1 l, the same every run.
  const noise = (i: number) => Math.sin(i * 12.9898) * 1;
  for (let i = 0; start + i * 120_000 < start + 60 * 60_000; i += 1) out.push(record(start + i * 120_000, 90 + noise(i), 0));
  const pump = start + 60 * 60_000;
  for (let m = 0; m <= 5; m += 1) out.push(record(pump + m * 60_000, 90 + m * 30 + noise(m), 1));
  for (let i = 1; pump + 5 * 60_000 + i * 120_000 <= end; i += 1) out.push(record(pump + 5 * 60_000 + i * 120_000, 240 + noise(i + 50), 0));
  return out;
}

async function shot(name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOT_DIR, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ email: inject('adminEmail') }));
  const added = await apiPost<{ ok: number; message?: string }>(page, 'updateconfigrecord', {
    mode: 'add', list: 'units', id: 0, rec: { registration: REG, deviceid: IMEI, unittype: 1, icon: '', driver: null, tanklitres: 300 },
  });
  expect(added.ok, added.message).toBe(1);
});
afterAll(async () => {
  await browser?.close();
});

describe('fuel monitor', () => {
  it('shows a refuel a device reported: in the events list, on the chart, in the figures', { timeout: 120_000 }, async () => {
    const records = trace();
    // The new unit's device id may take a moment to be known to the device listeners.
    await expect.poll(() => sendTeltonikaTcp(IMEI, records.slice(0, 1), 10_000).catch(() => 0), { timeout: 20_000, interval: 500 }).toBe(1);
    expect(await sendTeltonikaTcp(IMEI, records.slice(1), 10_000)).toBe(records.length - 1);
    const site = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { siteid: number }).siteid);
    const { vehicles } = await apiGet<{ vehicles: Array<{ uid: number; registration: string }> }>(page, `fuelvehicles?siteid=${site}`);
    const uid = vehicles.find((v) => v.registration === REG)?.uid;
    expect(uid).toBeDefined();
    // The job runs soon after new positions (and every minute): wait for it to have stored the refuel.
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    await expect.poll(async () => (await apiGet<{ events?: Array<{ kind: string }> }>(page, `fuelevents?siteid=${site}&uid=${uid}&from=${from}&to=${to}`)).events?.map((e) => e.kind),
      { timeout: 90_000, interval: 1000 }).toEqual(['refuel']);

    await page.goto('/tabs/tabs/fuelmonitor');
    await page.getByRole('heading', { name: 'Fuel monitor', level: 1 }).waitFor({ timeout: 20_000 }).catch(async (err: unknown) => {
      await page.screenshot({ path: '/tmp/fuel-e2e-fail.png' });
      throw err;
    });
    const picker = page.getByRole('textbox', { name: 'Vehicle' }).or(page.getByRole('combobox', { name: 'Vehicle' }));
    await picker.first().click();
    await page.getByRole('option', { name: REG }).click();
    await page.getByText('24 hours').click();
    const row = page.locator('tr[data-fuel-event="refuel"]');
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    expect(text).toContain('Refuel');
    // 90 l → 240 l: the litres as the detection measured them (noise of ±1 l).
    expect(text).toMatch(/\+1(4[5-9]|5[0-5])\.\d l/);
    expect(text).toMatch(/[89]\d\.\d l → 2[34]\d\.\d l/);
    const chart = page.getByRole('img', { name: /Chart of the fuel level of .*refuels marked: 1, drops marked: 0/ });
    await chart.waitFor({ timeout: 20_000 });
    expect(Number(await chart.getAttribute('data-fuel-chart'))).toBeGreaterThan(10);
    expect(await page.getByText('Refuels', { exact: true }).isVisible()).toBe(true);
    await shot('fuel-monitor-desktop');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('fuel-monitor-tablet');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('fuel-monitor-phone');
  });
});
