import type { AvlRecord } from '@fleet/protocols';
import type { Browser, Page } from 'playwright-core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, expectAccessible, openSignedIn, reportAsDevice } from './support.ts';

// Issue 12, item 3: a simulated vehicle drives, stops with the ignition off for seven minutes and
// drives on (Teltonika over TCP, device times of the last quarter hour); once the trips processor
// has cut the stop, the replay of that day must agree with itself: the slider, the vehicle on the
// map and the chart's cursor show the same moment, a press on the chart moves the slider, the stop's
// numbered pin stands where the vehicle stood, and a click on the track shows that position's data.

declare global {
  interface Window {
    replayMap?: MapLibreMap;
    replayDrawnAt?: number;
  }
}

let browser: Browser;
let page: Page;
interface Unit { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }
interface Sent { t: number; lat: number; lon: number; speed: number; angle: number }

const STEP_MS = 10_000;
const minutes = (n: number) => n * 60_000;

/** The trip: 20 points north at 40 km/h, 8 points standing with the ignition off (7 min), 15 points east. */
function journey(startMs: number): Sent[] {
  const out: Sent[] = [];
  let t = startMs;
  let lat = 53.79;
  let lon = -1.56;
  for (let i = 0; i < 20; i++, t += STEP_MS) out.push({ t, lat: (lat += 0.001), lon, speed: 40, angle: 0 });
  for (let i = 0; i < 8; i++, t += minutes(1)) out.push({ t, lat, lon, speed: 0, angle: 0 });
  for (let i = 0; i < 15; i++, t += STEP_MS) out.push({ t, lat, lon: (lon += 0.0016), speed: 40, angle: 90 });
  return out;
}

function record(p: Sent): AvlRecord {
  const ignition = p.speed > 0 ? 1 : 0;
  return {
    timestampMs: p.t, priority: 0, longitude: p.lon, latitude: p.lat, altitude: 60, angle: p.angle,
    satellites: 11, speedKmh: p.speed, eventIoId: 0,
    io: new Map([[239, { size: 1, value: ignition }], [240, { size: 1, value: ignition }]]), ioVariable: new Map(),
  };
}

const londonDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/** Where the journey ends: a minute ago, or just before midnight when today (London) is not yet half an hour old. */
function journeyEnd(now: number): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(now).split(':').map(Number) as [number, number];
  const sinceMidnight = h * 60 + m;
  const end = Math.floor(now / 1000) * 1000 - minutes(1);
  return sinceMidnight < 31 ? end - minutes(sinceMidnight + 1) : end;
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({
    prepare: (p) => void p.addInitScript(() => {
      window.onMapCreatedForTests = (map) => { window.replayMap = map; };
    }),
  }));
});
afterAll(async () => { await browser?.close(); });

describe('replay of a vehicle day', () => {
  it('keeps slider, map and chart on the same moment, and pins the stop where it was', async () => {
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number; siteid: number });
    const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${user.customerid}`);
    // A van the other browser tests leave alone (they take the first two and the last two).
    const unit = units.filter((u) => u.siteid === user.siteid && u.unittype === 2).at(2);
    expect(unit).toBeDefined();
    if (!unit) return;

    const sent = journey(journeyEnd(Date.now()) - minutes(13));
    const day = londonDay(sent[0]?.t ?? 0);
    await reportAsDevice(unit.deviceid, sent.map(record));
    const stopAt = sent[20] as Sent;

    // The trips processor cuts the stop once the vehicle drives on.
    type Activity = { ok: number; segments: Array<{ kind: string; start: string; startLat: number; startLon: number }> };
    await expect.poll(async () => {
      const a = await apiGet<Activity>(page, `activity?d=${day}&v=${unit.unitid}`);
      return a.segments?.filter((s) => s.kind === 'stop' && Math.abs(Date.parse(s.start) - stopAt.t) < minutes(2)).length ?? 0;
    }, { timeout: 20_000, interval: 500 }).toBe(1);

    await page.goto(`/tabs/tabs/activitymap?v=${unit.unitid}&d=${day}`);
    await page.waitForFunction(() => window.replayDrawnAt !== undefined, undefined, { timeout: 20_000 });
    const slider = page.getByRole('slider', { name: 'Replay time' });
    const first = Number(await slider.getAttribute('min'));
    const last = Number(await slider.getAttribute('max'));
    expect(first).toBeLessThanOrEqual(sent[0]?.t ?? 0);
    expect(last).toBeGreaterThanOrEqual(sent.at(-1)?.t ?? 0);

    /** Where the vehicle marker is drawn, and where the map puts the place it says it is at. */
    const vehicle = () => page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-replay-vehicle]');
      const map = window.replayMap;
      if (!el || !map) return null;
      const box = map.getContainer().getBoundingClientRect();
      const shown = [...el.querySelectorAll<HTMLElement>('[data-look]')].find((l) => getComputedStyle(l).display !== 'none');
      const r = shown?.getBoundingClientRect();
      const lat = Number(el.dataset.lat);
      const lon = Number(el.dataset.lon);
      const p = map.project([lon, lat]);
      return { lat, lon, x: r ? r.left + r.width / 2 - box.left : NaN, y: r ? r.top + r.height / 2 - box.top : NaN, px: p.x, py: p.y };
    });
    /** The chart cursor's offset in the plot, and where the moment `time` falls on the plot's width. */
    const cursor = (time: number) => page.evaluate(({ time, first, last }) => {
      const line = document.querySelector<HTMLElement>('[data-replay-cursor]');
      const over = document.querySelector<HTMLElement>('[data-replay-chart] .u-over');
      if (!line || !over) return null;
      const x = line.getBoundingClientRect().left + line.getBoundingClientRect().width / 2 - over.getBoundingClientRect().left;
      return { x, want: ((time - first) / (last - first)) * over.clientWidth };
    }, { time, first, last });

    // The slider to the 10th point: the vehicle stands on it, drawn where the map puts it; the chart's cursor at that time.
    const tenth = sent[9] as Sent;
    await slider.fill(String(tenth.t));
    await expect.poll(async () => (await vehicle())?.lat).toBeCloseTo(tenth.lat, 5);
    const v = await vehicle();
    expect(v?.lon).toBeCloseTo(tenth.lon, 5);
    expect(Math.abs((v?.x ?? 0) - (v?.px ?? 99))).toBeLessThan(2);
    expect(Math.abs((v?.y ?? 0) - (v?.py ?? 99))).toBeLessThan(2);
    const c = await cursor(tenth.t);
    expect(Math.abs((c?.x ?? 0) - (c?.want ?? 99))).toBeLessThan(2);

    // The keyboard moves it too: one arrow press is ten seconds, the next point.
    await slider.press('ArrowRight');
    expect(Number(await slider.inputValue())).toBe(tenth.t + STEP_MS);
    await expect.poll(async () => (await vehicle())?.lat).toBeCloseTo((sent[10] as Sent).lat, 5);

    // Driving east after the stop, the vehicle's heading arrow points east.
    await slider.fill(String((sent[35] as Sent).t));
    await expect.poll(() => page.locator('[data-replay-vehicle]').getAttribute('data-state')).toBe('driving');
    await expect.poll(() => page.locator('[data-replay-vehicle] > div').first().evaluate((el) => el.style.transform)).toBe('rotate(90deg)');

    // A press on the chart at three quarters of its width moves the slider (and so the vehicle) there.
    const over = page.locator('[data-replay-chart] .u-over');
    const box = await over.boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const pressed = first + (last - first) * 0.75;
    await expect.poll(async () => Math.abs(Number(await slider.inputValue()) - pressed)).toBeLessThan((last - first) / box.width * 2 + 1000);
    const moved = Number(await slider.inputValue());
    const c2 = await cursor(moved);
    expect(Math.abs((c2?.x ?? 0) - (c2?.want ?? 99))).toBeLessThan(2);

    // The stop: pin number 1 where the vehicle stood; its line in the list moves the replay to it.
    const pin = () => page.evaluate(() =>
      window.replayMap?.queryRenderedFeatures({ layers: ['replay-stop-pins'] })
        .map((f) => ({ n: f.properties.n as number, at: (f.geometry as GeoJSON.Point).coordinates }))
        .find((p) => p.n === 1)?.at ?? null);
    await expect.poll(pin).not.toBeNull();
    const [pinLon, pinLat] = (await pin()) ?? [];
    expect(pinLon).toBeCloseTo(stopAt.lon, 4);
    expect(pinLat).toBeCloseTo(stopAt.lat, 4);
    await page.locator('[data-replay-stop="1"]').click();
    await expect.poll(async () => Math.abs(Number(await slider.inputValue()) - stopAt.t)).toBeLessThan(minutes(2));
    await expect.poll(async () => (await vehicle())?.lat).toBeCloseTo(stopAt.lat, 4);

    // A click on the track shows that position's data in the card beside the map.
    const fifth = sent[4] as Sent;
    const at = await page.evaluate(({ lon, lat }) => {
      const map = window.replayMap;
      const p = map?.project([lon, lat]);
      const box = map?.getContainer().getBoundingClientRect();
      return p && box ? { x: box.left + p.x, y: box.top + p.y } : null;
    }, fifth);
    if (!at) throw new Error('no map');
    await page.mouse.click(at.x, at.y);
    const card = page.locator('[data-replay-point]');
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(fifth.t);
    await expect.poll(() => card.textContent()).toContain(time);
    await expect.poll(() => card.textContent()).toContain('Ignition');

    await expectAccessible(page, 'replay with a day shown');
  });
});
