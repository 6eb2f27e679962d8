import { CODEC_8E, encodeAvlPacket, encodeImeiLogin, type AvlRecord } from '@fleet/protocols';
import net from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// A device reports over real Teltonika TCP and the open fleet page shows it without a reload.
let browser: Browser;
let page: Page;

function position(speedKmh: number): AvlRecord {
  return {
    timestampMs: Date.now(), priority: 0, longitude: -1.55, latitude: 53.8, altitude: 50, angle: 90, satellites: 10, speedKmh, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 }], [240, { size: 1, value: 1 }]]), ioVariable: new Map(),
  };
}

async function report(imei: string, record: AvlRecord): Promise<void> {
  const sock = net.connect(inject('teltonikaPort'), '127.0.0.1');
  const chunks: Buffer[] = [];
  sock.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((r) => sock.once('connect', r));
  sock.write(encodeImeiLogin(imei));
  sock.write(encodeAvlPacket({ codec: CODEC_8E, records: [record] }));
  const end = Date.now() + 10_000;
  while (Buffer.concat(chunks).length < 5 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  sock.destroy();
  expect(Buffer.concat(chunks).subarray(0, 5).toString('hex')).toBe('0100000001');
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: inject('chromiumPath'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  page = await (await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(inject('operatorEmail'));
  await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
});
afterAll(async () => { await browser?.close(); });

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
    await report(unit.deviceid, position(80));
    await expect.poll(() => row.textContent(), { timeout: 5000 }).toContain('driving at 50 mph');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});
