import type { AvlRecord } from '@fleet/protocols';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, openSignedIn, reportAsDevice, siteOf } from './support.ts';

// The activity page (issue 12): a car of the demo site drives from outside a geofence into it and
// stops there, reported by its Teltonika device with times earlier today. Once the trips processor
// has cut the track, the page shows the trip and the stop with the day's totals; the Replay links
// (the timeline's, the fleet details' and the zone alert's) open the replay on the right day and
// moment, and the fleet details' History opens this page.
let browser: Browser;
let page: Page;
interface Unit { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }
interface Segment { kind: 'trip' | 'stop'; start: string; end: string; distanceM: number; durationS: number }
interface Activity {
  ok: number; day: string; timezone: string; from: string;
  segments: Segment[];
  totals: { trips: number; distanceM: number; drivingS: number; stopS: number; firstStart: string | null; lastEnd: string | null };
}

const TZ = 'Europe/London';
const dayIn = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
// The site's unit system is imperial: miles, one decimal under 100 (apps/web/src/shared/format/units.ts).
const miles = (m: number) => new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'mile', unitDisplay: 'short', maximumFractionDigits: 1 }).format(m / 1609.344);
const hhmm = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

function record(t: number, lat: number, lon: number, speedKmh: number, ign: 0 | 1): AvlRecord {
  return {
    timestampMs: t, priority: 0, longitude: lon, latitude: lat, altitude: 60, angle: 0, satellites: 11, speedKmh, eventIoId: 0,
    io: new Map([[239, { size: 1, value: ign }], [240, { size: 1, value: speedKmh > 0 ? 1 : 0 }]]), ioVariable: new Map(),
  };
}

/** Metres between two points (the haversine the trips are measured with when no odometer is sent). */
function metres(a: [number, number], b: [number, number]): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b[0] - a[0]) / 2) ** 2 + Math.cos(r(a[0])) * Math.cos(r(b[0])) * Math.sin(r(b[1] - a[1]) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn());
});
afterAll(async () => { await browser?.close(); });

describe('a vehicle day on the activity page', () => {
  let unit: Unit;
  let day: string;
  let tripStart: number;
  let driven = 0;

  it('shows the trip and the stop the trips processor cut from device positions, with the totals', { timeout: 60_000 }, async () => {
    const site = await siteOf(page);
    const { customerid } = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number });
    const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${customerid}`);
    // A pool car of the site: the other browser tests drive vans, HGVs and the last car.
    unit = units.filter((u) => u.siteid === site && u.unittype === 3)[0] as Unit;
    expect(unit).toBeDefined();
    const { poi } = await apiGet<{ poi: { id: number; mode: number; gp: string | null }[] }>(page, `poi?siteid=${site}`);
    let fence: [number, number] | undefined;
    for (const p of poi.filter((x) => x.mode === 1 && x.gp)) {
      const g = await apiGet<{ poi: { geofence: boolean } }>(page, `getgeofence?id=${p.id}`);
      if (g.poi.geofence) { fence = (p.gp as string).split(',').map(Number) as [number, number]; break; }
    }
    expect(fence).toBeDefined();
    const [lat, lon] = fence as [number, number];

    // Ten minutes parked outside the fence, twelve minutes' drive into it at 30 km/h, then parked
    // there twenty minutes; all earlier today (yesterday evening in the first hour of a day).
    let t0 = Date.now() - 50 * 60_000;
    if (dayIn(t0) !== dayIn(Date.now())) t0 -= 3 * 3_600_000;
    day = dayIn(t0);
    const from: [number, number] = [lat + 0.054, lon];
    const records: AvlRecord[] = [];
    for (let i = 0; i <= 5; i++) records.push(record(t0 + i * 120_000, from[0], from[1], 0, 0));
    tripStart = t0 + 10 * 60_000 + 30_000;
    const steps = 24;
    let prev = from;
    for (let i = 1; i <= steps; i++) {
      const p: [number, number] = [from[0] + ((lat - from[0]) * i) / steps, lon];
      records.push(record(tripStart + (i - 1) * 30_000, p[0], p[1], i === steps ? 0 : 30, 1));
      if (i > 1) driven += metres(prev, p);
      prev = p;
    }
    const parked = tripStart + steps * 30_000;
    for (let i = 1; i <= 10; i++) records.push(record(parked + i * 120_000, lat, lon, 0, 0));
    await reportAsDevice(unit.deviceid, records);

    // The processor runs behind ingest: wait until the day holds the trip and the stop after it.
    let activity: Activity | undefined;
    await expect
      .poll(async () => {
        activity = await apiGet<Activity>(page, `activity?v=${unit.unitid}&d=${day}`);
        const kinds = (activity.segments ?? []).filter((s) => Date.parse(s.end) > t0).map((s) => s.kind);
        return kinds.includes('trip') && kinds.lastIndexOf('stop') > kinds.indexOf('trip');
      }, { timeout: 20_000, interval: 500 })
      .toBe(true);
    const a = activity as Activity;
    expect(a.ok).toBe(1);
    const trip = a.segments.find((s) => s.kind === 'trip' && Date.parse(s.end) > t0) as Segment;
    // The trip is the drive: it starts with the first moving position, measures the road driven.
    expect(Math.abs(Date.parse(trip.start) - tripStart)).toBeLessThanOrEqual(60_000);
    expect(trip.distanceM).toBeGreaterThan(driven * 0.9);
    expect(trip.distanceM).toBeLessThan(driven * 1.1);
    expect(a.totals.trips).toBeGreaterThanOrEqual(1);

    await page.goto(`/tabs/tabs/activity?v=${unit.unitid}&d=${day}`);
    await page.getByRole('heading', { level: 1, name: `Activity: ${unit.registration}` }).waitFor({ timeout: 15_000 });
    const totals = page.getByTestId('activity-totals');
    const total = async (key: string) => (await totals.locator(`[data-total="${key}"] dd`).textContent())?.trim();
    expect(await total('trips')).toBe(String(a.totals.trips));
    expect(await total('distance')).toBe(miles(a.totals.distanceM));
    expect(await total('firstStart')).toBe(hhmm(Date.parse(a.totals.firstStart as string)));

    const timeline = page.getByTestId('activity-timeline');
    const tripRow = timeline.locator('li[data-kind="trip"]').filter({ hasText: hhmm(Date.parse(trip.start)) });
    await expect.poll(() => tripRow.count()).toBe(1);
    expect(await tripRow.textContent()).toContain(miles(trip.distanceM));
    const stopRow = timeline.locator('li[data-kind="stop"]').filter({ hasText: hhmm(Date.parse(trip.end)) });
    expect(await stopRow.count()).toBeGreaterThanOrEqual(1);
    // The trip's Replay opens the replay of this day at the trip's start.
    const href = await tripRow.getByRole('link', { name: /^Replay the trip/ }).getAttribute('href');
    const replay = new URL(href as string, 'http://x');
    expect(replay.pathname).toBe('/tabs/tabs/activitymap');
    expect(Object.fromEntries(replay.searchParams)).toEqual({ v: String(unit.unitid), d: day, t: String(Date.parse(trip.start)) });
  });

  it("opens from the fleet page's vehicle details (History) and from a zone alert (Replay)", { timeout: 60_000 }, async () => {
    const today = dayIn(Date.now());
    await page.goto(`/tabs/tabs/fleet/0/${unit.unitid}`);
    await page.getByRole('button', { name: `Details of ${unit.registration}` }).click({ timeout: 20_000 });
    const details = page.getByTestId('vehicle-details');
    await details.waitFor({ timeout: 20_000 });
    expect(await details.getByTestId('vehicle-replay').getAttribute('href')).toBe(`/tabs/tabs/activitymap?v=${unit.unitid}&d=${today}`);
    await details.getByTestId('vehicle-history').click();
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/activity');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ v: String(unit.unitid), d: today });
    await page.getByRole('heading', { level: 1, name: `Activity: ${unit.registration}` }).waitFor({ timeout: 15_000 });

    // The drive into the fence raised a zone alert: its row's Replay opens the replay at its moment.
    // Open or not: a drive over 30 minutes before it was sent (the day's first hour) is recorded late.
    const { alerts } = await apiGet<{ alerts: { aid: number; uid: number; updated: string }[] }>(page, 'alertlist?list=zone');
    const alert = alerts.find((x) => x.uid === unit.unitid);
    expect(alert).toBeDefined();
    const { aid, updated } = alert as { aid: number; updated: string };
    // The record's detail offers it, whether or not the list shows the record: an alert recorded late
    // (this one, in a day's first hour) is not open, and the list shows the open ones.
    await page.goto(`/tabs/tabs/alerts/zone/${aid}`);
    const detail = page.getByRole('region', { name: unit.registration });
    const link = detail.getByRole('link', { name: `Replay ${unit.registration} at ${hhmm(Date.parse(updated))}` });
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/activitymap');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ v: String(unit.unitid), d: dayIn(Date.parse(updated)), t: String(Date.parse(updated)) });
    // The alert came from the drive: its moment is inside the day's track.
    expect(dayIn(Date.parse(updated))).toBe(day);
    // The other browser tests share the site: its banner goes.
    await apiPost(page, 'clearvehiclealarm', { uid: unit.unitid });
  });
});
