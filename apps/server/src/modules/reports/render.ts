import type { ReportCell, ReportColumn, ReportFormat, ReportResult } from '@fleet/shared';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { brandedPdf, type Letterhead, type PdfColumn } from '../../lib/pdf/branded-pdf.ts';
import { type Formatter, formatterOf } from './format.ts';

export interface RenderContext { letterhead: Letterhead; madeBy: string }

/** Writes to a stream, waiting when it asks (a slow client holds the writer, not the server's memory). */
async function write(out: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out as NodeJS.EventEmitter, 'drain');
}

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula is prefixed with '. */
function csvField(s: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function renderCsv(result: ReportResult, f: Formatter, out: NodeJS.WritableStream): Promise<void> {
  const cols = result.columns;
  const line = (cells: ReportCell[] | Record<string, ReportCell>, header = false) =>
    `${cols.map((c, i) => {
      if (header) return csvField(f.header(c), true);
      const v = (cells as Record<string, ReportCell>)[c.key] ?? null;
      void i;
      return csvField(f.text(c, v), c.kind === 'text');
    }).join(',')}\r\n`;
  await write(out, `\ufeff${line([], true)}`);
  let buf = '';
  for (const row of result.rows) {
    buf += line(row);
    if (buf.length > 64 * 1024) {
      await write(out, buf);
      buf = '';
    }
  }
  if (result.totals) buf += line(result.totals);
  await write(out, buf);
}

const XLSX_FORMATS: Partial<Record<ReportColumn['kind'], string>> = {
  number: '#,##0', distance: '#,##0.0', speed: '0', duration: '[h]:mm', percent: '0.0%', datetime: 'yyyy-mm-dd hh:mm', date: 'yyyy-mm-dd',
};

/** A cell as Excel types it: numbers as numbers in the shown unit, durations as days, times as dates on the site's clock. */
function xlsxValue(c: ReportColumn, v: ReportCell, f: Formatter): ExcelJS.CellValue {
  if (v === null) return null;
  switch (c.kind) {
    case 'distance': case 'speed': case 'number': return typeof v === 'number' ? f.number(c, v) : v;
    case 'duration': return typeof v === 'number' ? v / 86_400 : v;
    case 'percent': return typeof v === 'number' ? v / 100 : v;
    case 'datetime': return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? f.wall(v) : v;
    case 'date': return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v;
    default: return v;
  }
}

async function renderXlsx(result: ReportResult, f: Formatter, ctx: RenderContext, out: NodeJS.WritableStream): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as unknown as import('node:stream').Writable, useStyles: true, useSharedStrings: false });
  wb.creator = ctx.letterhead.name;
  wb.title = result.title;
  const ws = wb.addWorksheet(result.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 4 }] });
  ws.columns = result.columns.map((c) => ({
    key: c.key, width: c.kind === 'text' ? 24 : c.kind === 'datetime' ? 17 : 13, style: XLSX_FORMATS[c.kind] ? { numFmt: XLSX_FORMATS[c.kind] } : {},
  }));
  const bold = { bold: true };
  const title = ws.addRow([`${ctx.letterhead.name} · ${result.title}`]);
  title.font = { bold: true, size: 14 };
  title.commit();
  ws.addRow([result.subtitle]).commit();
  ws.addRow([ctx.madeBy]).commit();
  const head = ws.addRow(result.columns.map((c) => f.header(c)));
  head.font = bold;
  head.commit();
  for (const row of result.rows) ws.addRow(result.columns.map((c) => xlsxValue(c, row[c.key] ?? null, f))).commit();
  if (result.totals) {
    const totals = result.totals;
    const t = ws.addRow(result.columns.map((c) => xlsxValue(c, totals[c.key] ?? null, f)));
    t.font = bold;
    t.commit();
  }
  ws.commit();
  await wb.commit();
}

/** Column widths by what they hold: text wide, times middling, figures narrow. */
const PDF_WIDTH: Record<ReportColumn['kind'], number> = { text: 2.2, datetime: 1.6, date: 1.2, number: 1, distance: 1, duration: 1, speed: 0.9, percent: 1 };

async function renderPdf(result: ReportResult, f: Formatter, ctx: RenderContext, out: NodeJS.WritableStream): Promise<void> {
  const landscape = result.columns.length > 6;
  const pdf = brandedPdf(ctx.letterhead, { title: result.title, lines: [result.subtitle], madeBy: ctx.madeBy, landscape });
  pdf.pipe(out);
  const h = result.headline;
  const headCol: ReportColumn = { key: 'headline', label: h.label, kind: h.kind };
  const unit = h.kind === 'duration' ? 'h' : /\(([^)]+)\)$/.exec(f.header(headCol))?.[1];
  pdf.heading(`${h.label}: ${f.text(headCol, h.value)}${unit ? ` ${unit}` : ''}`);
  const columns: PdfColumn[] = result.columns.map((c) => ({ label: f.header(c), width: PDF_WIDTH[c.kind], align: c.kind === 'text' || c.kind === 'datetime' || c.kind === 'date' ? 'left' : 'right' }));
  function* rows(): Iterable<string[]> {
    for (const row of result.rows) yield result.columns.map((c) => f.text(c, row[c.key] ?? null));
  }
  if (result.rows.length === 0) pdf.paragraph('Nothing to report for this period and these filters.');
  else {
    const totals = result.totals;
    pdf.table(columns, rows(), totals ? { totals: result.columns.map((c) => f.text(c, totals[c.key] ?? null)) } : {});
  }
  await pdf.end();
  // pdfkit ends the piped stream itself; wait until it has taken every byte.
  if (!(out as NodeJS.WritableStream & { writableFinished?: boolean }).writableFinished) await once(out as NodeJS.EventEmitter, 'finish').catch(() => undefined);
}

/**
 * Writes a result as a file to `out` (the door's render): CSV and XLSX streamed row by row, the PDF
 * on the brand's letterhead (brandedPdf). CSV and XLSX end `out`; so does the PDF.
 */
export async function render(result: ReportResult, format: ReportFormat, ctx: RenderContext, out: NodeJS.WritableStream): Promise<void> {
  const f = formatterOf(result);
  if (format === 'csv') {
    await renderCsv(result, f, out);
    out.end();
    await once(out as NodeJS.EventEmitter, 'finish').catch(() => undefined);
  } else if (format === 'xlsx') await renderXlsx(result, f, ctx, out);
  else await renderPdf(result, f, ctx, out);
}
