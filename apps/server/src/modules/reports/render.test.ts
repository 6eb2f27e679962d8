import type { ReportResult } from '@fleet/shared';
import { PDFParse } from 'pdf-parse';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileName, formatterOf } from './format.ts';
import { PDF_MAX_ROWS, render } from './render.ts';

const letterhead = { name: 'Fleetwise Test', strapline: 'Tracking', logoPng: null, addressLine: 'Customer · Site' };

function result(rows: number): ReportResult {
  return {
    title: 'Trips report', subtitle: 'Leeds · 2026-11-01 to 2026-11-30', timezone: 'Europe/London', unitSystem: 'imperial',
    period: { from: '2026-11-01', to: '2026-11-30' },
    headline: { label: 'Distance driven', value: rows * 16_093.44, kind: 'distance' },
    chart: { kind: 'bar', x: 'name', xLabel: 'Vehicle', series: [{ key: 'distanceM', label: 'Distance' }], valueKind: 'distance', points: [{ name: 'AB12 CDE', distanceM: rows * 16_093.44 }] },
    columns: [
      { key: 'vehicle', label: 'Vehicle', kind: 'text' }, { key: 'start', label: 'Start', kind: 'datetime' },
      { key: 'distanceM', label: 'Distance', kind: 'distance' }, { key: 'drivingS', label: 'Driving', kind: 'duration' }, { key: 'maxSpeed', label: 'Top speed', kind: 'speed' },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({ vehicle: i === 0 ? '=HYPERLINK("x")' : 'AB12 CDE', start: '2026-07-01T08:00:00.000Z', distanceM: 16_093.44, drivingS: 3900, maxSpeed: 112.65 })),
    totals: { vehicle: `Total: ${rows} trips`, distanceM: rows * 16_093.44, drivingS: rows * 3900 },
  };
}

async function rendered(r: ReportResult, format: 'pdf' | 'csv'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await render(r, format, { letterhead, madeBy: 'Made by a test' }, out);
  return Buffer.concat(chunks);
}

describe('report files', () => {
  it('show imperial units and the site\'s wall clock (summer time), durations as h:mm', () => {
    const f = formatterOf(result(1));
    const [vehicle, start, distance, driving, speed] = result(1).columns;
    expect(f.header(distance!)).toBe('Distance (mi)');
    expect(f.text(distance!, 16_093.44)).toBe('10.0');
    expect(f.text(speed!, 112.65)).toBe('70');
    expect(f.text(start!, '2026-07-01T08:00:00.000Z')).toBe('2026-07-01 09:00');
    expect(f.text(driving!, 3900)).toBe('1:05');
    expect(f.text(vehicle!, null)).toBe('');
  });

  it('writes CSV that a spreadsheet will not run as a formula', async () => {
    const lines = (await rendered(result(2), 'csv')).toString('utf8').replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Vehicle,Start,Distance (mi),Driving (h:mm),Top speed (mph)');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",2026-07-01 09:00,10.0,1:05,70`);
    expect(lines[3]).toBe('Total: 2 trips,,20.0,2:10,');
  });

  it(`cuts a PDF's table at ${PDF_MAX_ROWS} rows, saying so, with the totals of all`, async () => {
    const pdf = await rendered(result(PDF_MAX_ROWS + 500), 'pdf');
    const parsed = await new PDFParse({ data: new Uint8Array(pdf) }).getText();
    expect(parsed.text).toContain(`lists the first 2,000 of 2,500 rows`);
    expect(parsed.text).toContain('Total: 2500 trips');
    expect(parsed.text).toContain('Fleetwise Test');
    expect(parsed.text).toContain('Summary by vehicle');
    expect(parsed.total).toBeGreaterThan(30);
    expect(parsed.text).toContain(`Page ${parsed.total} of ${parsed.total}`);
  }, 60_000);

  it('names files by title and period', () => {
    expect(fileName(result(1), 'xlsx')).toBe('trips-report-2026-11-01-to-2026-11-30.xlsx');
    expect(fileName({ title: 'Mileage per day report', period: { from: '2026-11-02', to: '2026-11-02' } }, 'pdf')).toBe('mileage-per-day-report-2026-11-02.pdf');
  });
});
