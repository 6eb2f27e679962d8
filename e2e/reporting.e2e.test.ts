import type { AvlRecord } from '@fleet/protocols';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, openSignedIn, reportAsDevice, siteOf } from './support.ts';

// The reporting page (issue 14): a car of the demo site drives a known distance earlier today,
// reported by its Teltonika device. The page runs the trips report for that car and today, shows the
// run's progress bar until it is done, opens the result (headline, chart, table with the trip) and
// downloads the XLSX, which the test opens with exceljs: the car's trip is a row, its distance the
// one the table shows.
let browser: Browser;
let page: Page;
let folder: string;
interface Unit { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }
interface Segment { kind: 'trip' | 'stop'; start: string; end: string; distanceM: number }

const TZ = 'Europe/London';
const dayIn = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
// The demo site is imperial: miles, one decimal under 100 (apps/web/src/shared/format/units.ts).
const miles = (m: number) => new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'mile', unitDisplay: 'short', maximumFractionDigits: 1 }).format(m / 1609.344);

function record(t: number, lat: number, lon: number, speedKmh: number, ign: 0 | 1): AvlRecord {
  return {
    timestampMs: t, priority: 0, longitude: lon, latitude: lat, altitude: 60, angle: 0, satellites: 11, speedKmh, eventIoId: 0,
    io: new Map([[239, { size: 1, value: ign }], [240, { size: 1, value: speedKmh > 0 ? 1 : 0 }]]), ioVariable: new Map(),
  };
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reporting-e2e-'));
  ({ browser, page } = await openSignedIn({ context: { acceptDownloads: true, viewport: { width: 1920, height: 1080 } } }));
});
afterAll(async () => {
  await browser?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a trips report on the reporting page', () => {
  it('runs with a progress bar, opens with the trip, and downloads as an XLSX holding it', { timeout: 120_000 }, async () => {
    const site = await siteOf(page);
    const { customerid } = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number });
    const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${customerid}`);
    // A pool car of the site no other browser test drives (activity drives the first, triage the last).
    const cars = units.filter((u) => u.siteid === site && u.unittype === 3);
    expect(cars.length).toBeGreaterThanOrEqual(3);
    const unit = cars[1] as Unit;

    // Five minutes parked, a quarter of an hour north at 40 km/h, then parked: earlier today
    // (yesterday evening in the first hour of a day).
    let t0 = Date.now() - 45 * 60_000;
    if (dayIn(t0) !== dayIn(Date.now())) t0 -= 3 * 3_600_000;
    const day = dayIn(t0);
    const [lat, lon] = [53.70, -1.62];
    const records: AvlRecord[] = [];
    for (let i = 0; i <= 5; i++) records.push(record(t0 + i * 60_000, lat, lon, 0, 0));
    const start = t0 + 6 * 60_000;
    for (let i = 1; i <= 30; i++) records.push(record(start + (i - 1) * 30_000, lat + i * 0.003, lon, i === 30 ? 0 : 40, 1));
    const parked = start + 30 * 30_000;
    for (let i = 1; i <= 8; i++) records.push(record(parked + i * 120_000, lat + 0.09, lon, 0, 0));
    await reportAsDevice(unit.deviceid, records);

    // The trips processor runs behind ingest: wait until the day holds the drive.
    let trip: Segment | undefined;
    await expect
      .poll(async () => {
        const a = await apiGet<{ segments?: Segment[] }>(page, `activity?v=${unit.unitid}&d=${day}`);
        trip = (a.segments ?? []).find((s) => s.kind === 'trip' && Math.abs(Date.parse(s.start) - start) < 120_000);
        return trip !== undefined && (a.segments ?? []).some((s) => s.kind === 'stop' && Date.parse(s.start) >= Date.parse(trip?.end ?? ''));
      }, { timeout: 30_000, interval: 500 })
      .toBe(true);
    const driven = (trip as Segment).distanceM;

    await page.goto('/tabs/tabs/reporting');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor({ timeout: 15_000 });
    await page.getByRole('combobox', { name: 'Report' }).click();
    await page.getByRole('option', { name: 'Trips', exact: true }).click();
    await page.getByRole('radio', { name: 'Vehicle' }).check({ force: true });
    await page.getByRole('combobox', { name: 'Which vehicles' }).fill(unit.registration);
    await page.getByRole('option', { name: unit.registration, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('First day').fill(day);
    await page.getByLabel('Last day').fill(day);

    // Every state the run's bar goes through, seen by the page itself (a short run may pass quickly).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[data-testid="report-progress"]')) {
          const text = bar.getAttribute('aria-valuetext') ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Run report' }).click();
    await page.getByTestId('report-progress').first().waitFor({ timeout: 10_000 });

    const view = page.getByTestId('report-view');
    await view.waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    // The bar showed from the press of Run (the run may be quicker than one poll) and filled to the
    // end with the run's row count before the result opened.
    expect(seen[0]).toBe('Starting the report…');
    expect(seen.at(-1)).toMatch(/^100 %: \d+ rows?$/);
    expect(seen.every((v) => v === 'Starting the report…' || v === 'Queued' || /^\d+ %: /.test(v))).toBe(true);
    // Done: no bar left for this run; the result reads as the trip.
    expect(await page.getByTestId('report-runs').locator('li').first().getAttribute('data-status')).toBe('done');
    await view.getByTestId('report-headline').waitFor();
    const row = view.getByTestId('report-table').locator('tbody tr').filter({ hasText: unit.registration }).first();
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain(miles(driven));

    // The chart is drawn (per vehicle: this car's distance), and the table sorts in the page.
    expect(await view.locator('[data-report-chart="bar"] canvas').count()).toBe(1);
    const header = view.getByRole('columnheader', { name: /^Distance/ });
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const shown = await view.getByTestId('report-table').locator('tbody td[data-col="distanceM"]').allTextContents();
    const values = shown.map((v) => Number(v.replace(/[^\d.]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    // Open (the list's button) hands the keyboard to the report: its heading takes the focus.
    await page.getByRole('button', { name: /^Open Trips report/ }).first().click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^report-\d+-title$/);

    const [download] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: 'XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    expect(sheet).toBeDefined();
    const cells: string[][] = [];
    sheet?.eachRow((r) => cells.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : typeof v === 'object' && 'result' in v ? String((v as { result: unknown }).result) : String(v)))));
    const line = cells.find((c) => c.includes(unit.registration));
    expect(line).toBeDefined();
    // The distance in the site's unit (miles), as the page shows it, to a tenth.
    const distance = Number((miles(driven).match(/[\d.]+/) ?? ['NaN'])[0]);
    expect(line?.some((v) => Math.abs(Number(v) - distance) < 0.051)).toBe(true);
  });
});
