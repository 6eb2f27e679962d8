import { type AvlRecord, CODEC_8E, encodeAvlPacket, encodeImeiLogin } from '@fleet/protocols';
import net from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, expectAccessible, openSignedIn } from './support.ts';

// Issue 16, item 2: a van reports half an hour at 1 Hz (its supply voltage with one spike); the
// explorer over a week charts it from the 10-minute roll-ups; a drag across its end zooms in, and
// the chart fetches that stretch from the records themselves: a narrower range, more points.

let browser: Browser;
let page: Page;
interface Unit { unitid: number; deviceid: string; unittype: number; siteid: number }

function record(t: number, volts: number): AvlRecord {
  return {
    timestampMs: t, priority: 0, longitude: -1.55, latitude: 53.8, altitude: 60, angle: 0, satellites: 11, speedKmh: 30, eventIoId: 0,
    io: new Map([[66, { size: 2, value: volts }], [239, { size: 1, value: 1 }]]), ioVariable: new Map(),
  };
}

/** Sends the records as a Teltonika device, 200 a packet, and waits for each packet's ACK. */
async function report(imei: string, records: AvlRecord[]): Promise<void> {
  const sock = net.connect(inject('teltonikaPort'), '127.0.0.1');
  let got = Buffer.alloc(0);
  sock.on('data', (c: Buffer) => { got = Buffer.concat([got, c]); });
  await new Promise((r) => sock.once('connect', r));
  sock.write(encodeImeiLogin(imei));
  for (let i = 0, want = 1; i < records.length; i += 200) {
    sock.write(encodeAvlPacket({ codec: CODEC_8E, records: records.slice(i, i + 200) }));
    want += 4;
    await expect.poll(() => got.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(want);
  }
  sock.destroy();
}

const chartState = () => page.locator('[data-view-from]').evaluate((el) => ({
  from: Number(el.getAttribute('data-view-from')), to: Number(el.getAttribute('data-view-to')),
  points: Number(el.getAttribute('data-points')), source: el.getAttribute('data-source'),
  fetchedFrom: Number(el.getAttribute('data-fetched-from')), loading: document.querySelector('[data-explorer-status]')?.getAttribute('data-explorer-status'),
}));

beforeAll(async () => {
  ({ browser, page } = await openSignedIn());
});
afterAll(async () => { await browser?.close(); });

describe('the explorer', () => {
  it('zooms in on a drag: the visible range narrows and the stretch is fetched in more detail', async () => {
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number; siteid: number });
    const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${user.customerid}`);
    // A van the other browser tests leave alone.
    const unit = units.filter((u) => u.siteid === user.siteid && u.unittype === 2).at(3);
    expect(unit).toBeDefined();
    if (!unit) return;
    const end = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const start = end - 1800_000;
    await report(unit.deviceid, Array.from({ length: 1800 }, (_, i) => record(start + i * 1000, i === 900 ? 30_000 : 24_000 + (i % 60) * 10)));
    // The roll-ups processor has folded them when the week's chart (from the roll-ups) shows the spike.
    const week = `getioseries?uid=${unit.unitid}&io=66&from=${new Date(end - 7 * 86_400_000).toISOString()}&to=${new Date(end + 1000).toISOString()}&points=500`;
    await expect.poll(async () => Math.max(...((await apiGet<{ series: Array<{ v: number[] }> }>(page, week)).series[0]?.v ?? [0])), { timeout: 20_000, interval: 250 }).toBe(30);

    await page.goto(`/tabs/tabs/fmsv2explorer/${unit.unitid}`);
    await page.locator('label', { hasText: /^7 days$/ }).click();
    await expect.poll(async () => (await chartState()).source, { timeout: 15_000 }).toBe('rollup');
    await expect.poll(async () => (await chartState()).loading, { timeout: 15_000 }).toBe('done');
    const before = await chartState();
    expect(before.to - before.from).toBe(7 * 86_400_000);

    if (process.env.EXPLORER_SHOTS) await shots(process.env.EXPLORER_SHOTS, 'week');
    // Drag across the last 3 % of the plot: the half hour of data and the hours before it.
    const box = await page.locator('[data-explorer-chart] .u-over').boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.97, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.985, y, { steps: 4 });
    await page.mouse.move(box.x + box.width - 1, y, { steps: 4 });
    await page.mouse.up();

    await expect.poll(async () => (await chartState()).source, { timeout: 15_000 }).toBe('raw');
    await expect.poll(async () => (await chartState()).loading, { timeout: 15_000 }).toBe('done');
    const after = await chartState();
    expect(after.to - after.from).toBeLessThan((before.to - before.from) / 20);
    expect(after.from).toBeGreaterThan(before.from);
    expect(after.points).toBeGreaterThan(before.points * 5);
    // The records table follows the range.
    await expect.poll(() => page.locator('[data-explorer-records] tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(page, 'the explorer, zoomed');
    if (process.env.EXPLORER_SHOTS) await shots(process.env.EXPLORER_SHOTS, 'zoomed');
  });
});

/** Screenshots at desktop, tablet and phone sizes (by hand: EXPLORER_SHOTS=<dir>). */
async function shots(dir: string, name: string): Promise<void> {
  for (const [w, h] of [[1280, 800], [768, 1024], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/explorer-${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(500);
}
