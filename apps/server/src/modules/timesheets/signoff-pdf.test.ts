import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Letterhead } from '../../lib/pdf/branded-pdf.ts';
import { fixtureSheet, fixtureSignature } from './signoff-fixture.ts';
import { auditValue, hoursMinutes, timesheetSignoffPdf } from './signoff-pdf.ts';

async function letterhead(): Promise<Letterhead> {
  const logo = await sharp({ create: { width: 88, height: 88, channels: 3, background: '#1a5fb4' } }).png().toBuffer();
  return { name: 'Northwind Haulage', strapline: 'On the road since 1987', logoPng: logo, addressLine: 'Northwind Ltd · Leeds Depot' };
}

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const r = await parser.getText();
    return { pages: r.total, text: r.text };
  } finally {
    await parser.destroy();
  }
}

describe('the signed-off timesheet PDF', () => {
  it('prints the brand, the driver, the week, the days with their totals, the corrections and both signatures', async () => {
    const sheet = fixtureSheet();
    const png = await fixtureSignature();
    const pdf = await timesheetSignoffPdf({
      sheet, letterhead: await letterhead(),
      operator: { name: 'Sam Office', signedAt: '2026-11-23T10:15:00Z', png },
      driver: { name: 'Alice Driver', signedAt: '2026-11-23T08:05:00Z', png },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await textOf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Northwind Haulage');
    expect(text).toContain('Timesheet — Alice Driver');
    expect(text).toContain('Week commencing Mon 16 Nov 2026');
    expect(text).toContain('Europe/London');
    expect(text).toContain('Version 2');
    const t = sheet.week.totals;
    expect(t.shifts).toBe(4);
    // The totals row: shifts, breaks, driving, idling, other, night, overtime, worked.
    const totals = ['Week', String(t.shifts), hoursMinutes(t.breakS), hoursMinutes(t.drivingS), hoursMinutes(t.idleS),
      hoursMinutes(t.otherS), hoursMinutes(t.nightS), hoursMinutes(t.overtimeS), hoursMinutes(t.workedS)];
    expect(text.replace(/\s+/g, ' ')).toContain(totals.join(' '));
    // Tuesday's shift ends after midnight: its end carries (+1); Wednesday has no row of its own.
    expect(text).toMatch(/Tue 17 Nov 1 14:00 01:30 \(\+1\)/);
    expect(text).not.toContain('Wed 18 Nov');
    // A correction: who, when (site time), before → after.
    expect(text).toMatch(/23 Nov 2026, 09:00\s+Sam Office\s+Changed \(start\)\s+16 Nov 2026, 07:12\s+16 Nov 2026, 07:02/);
    expect(text).toContain('Late run to Leeds depot');
    expect(text).toContain('Alice Driver — 23 Nov 2026, 08:05');
    expect(text).toContain('Sam Office — 23 Nov 2026, 10:15');
    expect(text).toContain('Page 1 of 1');
  });

  it('runs onto more pages with a long audit trail, numbering every page, the signatures at the end', async () => {
    const pdf = await timesheetSignoffPdf({
      sheet: fixtureSheet({ corrections: 90, driverName: 'Bob Long' }), letterhead: await letterhead(),
      operator: { name: 'Sam Office', signedAt: '2026-11-23T10:15:00Z', png: null }, driver: null,
    });
    const { pages, text } = await textOf(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.match(/Northwind Haulage/g)?.length).toBeGreaterThanOrEqual(pages);
    expect(text).toContain('Timesheet — Bob Long');
    expect(text).not.toContain('Driver —');
    expect(text.lastIndexOf('Sam Office — 23 Nov 2026, 10:15')).toBeGreaterThan(text.lastIndexOf('Changed (start)'));
  });

  it('reads audit values as a clerk would: site times, break seconds as hours, nothing as a dash', () => {
    expect(auditValue('2026-07-01T06:30:00.000Z', 'start', 'Europe/London')).toBe('1 Jul 2026, 07:30');
    expect(auditValue(2700, 'break', 'Europe/London')).toBe('0:45');
    expect(auditValue(null, 'break', 'Europe/London')).toBe('—');
    expect(auditValue('Late run', 'notes', 'Europe/London')).toBe('Late run');
    expect(hoursMinutes(100 * 3600 + 59)).toBe('100:01');
  });
});
