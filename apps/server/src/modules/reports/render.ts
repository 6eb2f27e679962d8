import type { ReportCell, ReportColumn, ReportFormat, ReportResult, ReportRow } from '@fleet/shared';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { brandedPdf, type Letterhead, type PdfColumn } from '../../lib/pdf/branded-pdf.ts';
import { type Formatter, formatterOf } from './format.ts';
import { drawBars } from './pdf-chart.ts';

export interface RenderContext { letterhead: Letterhead; madeBy: string }

/** A result without its rows, and the rows it is written from: counted, read once in order (a stored run unpacks them one at a time). */
type Head = Omit<ReportResult, 'rows'>;
export interface RowSource { count: number; rows(): Iterable<ReportRow> | AsyncIterable<ReportRow> }

/** Writes to a stream, waiting when it asks (a slow client holds the writer, not the server's memory). */
async function write(out: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out as NodeJS.EventEmitter, 'drain');
}

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula is prefixed with '. */
export function csvField(s: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function renderCsv(result: Head, source: RowSource, f: Formatter, out: NodeJS.WritableStream): Promise<void> {
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
  for await (const row of source.rows()) {
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

async function renderXlsx(result: Head, source: RowSource, f: Formatter, ctx: RenderContext, out: NodeJS.WritableStream): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as unknown as import('node:stream').Writable, useStyles: true, useSharedStrings: false });
  wb.creator = ctx.letterhead.name;
  wb.title = result.title;
  const ws = wb.addWorksheet(result.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 4 }] });
  ws.columns = result.columns.map((c) => ({ key: c.key, width: c.kind === 'text' ? 24 : c.kind === 'datetime' ? 17 : 13 }));
  // One style object per column, given to each of its cells: exceljs recognises an object it has
  // seen (a WeakMap) and skips working the style out again, which halves the time of a big sheet.
  const styles = result.columns.map((c): Partial<ExcelJS.Style> => (XLSX_FORMATS[c.kind] ? { numFmt: XLSX_FORMATS[c.kind] } : {}));
  const addRow = (cells: ExcelJS.CellValue[], rowStyles: Array<Partial<ExcelJS.Style>>) => {
    const row = ws.addRow(cells);
    rowStyles.forEach((style, i) => { row.getCell(i + 1).style = style; });
    row.commit();
  };
  const title = ws.addRow([`${ctx.letterhead.name} · ${result.title}`]);
  title.font = { bold: true, size: 14 };
  title.commit();
  ws.addRow([result.subtitle]).commit();
  ws.addRow([ctx.madeBy]).commit();
  const head = ws.addRow(result.columns.map((c) => f.header(c)));
  head.font = { bold: true };
  head.commit();
  for await (const row of source.rows()) addRow(result.columns.map((c) => xlsxValue(c, row[c.key] ?? null, f)), styles);
  if (result.totals) {
    const totals = result.totals;
    addRow(result.columns.map((c) => xlsxValue(c, totals[c.key] ?? null, f)), styles.map((style) => ({ ...style, font: { bold: true } })));
  }
  ws.commit();
  await wb.commit();
}

/**
 * The most rows a PDF's table prints (about 45 landscape pages): paper is for reading, and pdfkit
 * lays out some 20,000 cells a second, so a month of a large fleet's trips (120,000 rows) would
 * take a minute and 2,700 pages. The summary and the totals cover every row; XLSX and CSV hold them all.
 */
export const PDF_MAX_ROWS = 2000;

/** Column widths by what they hold: text wide, times middling, figures narrow. */
const PDF_WIDTH: Record<ReportColumn['kind'], number> = { text: 1.8, datetime: 1.5, date: 1.2, number: 1.1, distance: 1.35, duration: 1.45, speed: 1.6, percent: 1.2 };

async function renderPdf(result: Head, source: RowSource, f: Formatter, ctx: RenderContext, out: NodeJS.WritableStream): Promise<void> {
  const landscape = result.columns.length > 6;
  const pdf = brandedPdf(ctx.letterhead, { title: result.title, lines: [result.subtitle], madeBy: ctx.madeBy, landscape });
  pdf.pipe(out);
  const h = result.headline;
  const headCol: ReportColumn = { key: 'headline', label: h.label, kind: h.kind };
  const unit = h.kind === 'duration' ? 'h' : /\(([^)]+)\)$/.exec(f.header(headCol))?.[1];
  pdf.heading(`${h.label}: ${f.text(headCol, h.value)}${unit ? ` ${unit}` : ''}`);
  const chart = result.chart;
  if (chart) drawBars(pdf, chart, f);
  // The answer per vehicle (day, place) first when the table lists more than that: a month of a fleet's trips reads by vehicle.
  if (chart?.points && chart.points.length > 0 && chart.points.length < source.count) {
    const xCol: ReportColumn = { key: chart.x, label: chart.xLabel ?? '', kind: chart.x === 'day' ? 'date' : 'text' };
    const series: ReportColumn[] = chart.series.map((x) => ({ key: x.key, label: x.label, kind: chart.valueKind ?? 'number' }));
    pdf.heading(`Summary by ${(chart.xLabel ?? 'item').toLowerCase()}`);
    pdf.table(
      [xCol, ...series].map((c, i) => ({ label: f.header(c), width: i === 0 ? 2 : 1, align: i === 0 ? 'left' : 'right' })),
      chart.points.map((p) => [xCol, ...series].map((c) => f.text(c, p[c.key] ?? null))),
    );
  }
  const columns: PdfColumn[] = result.columns.map((c) => ({ label: f.header(c), width: PDF_WIDTH[c.kind], align: c.kind === 'text' || c.kind === 'datetime' || c.kind === 'date' ? 'left' : 'right' }));
  const shown = Math.min(source.count, PDF_MAX_ROWS);
  const cells: string[][] = [];
  for await (const row of source.rows()) {
    if (cells.length >= shown) break;
    cells.push(result.columns.map((c) => f.text(c, row[c.key] ?? null)));
  }
  const rows = () => cells;
  if (source.count === 0) pdf.paragraph('Nothing to report for this period and these filters.');
  else {
    if (chart?.points && chart.points.length < source.count) pdf.heading('Details');
    if (shown < source.count) {
      pdf.paragraph(`This PDF lists the first ${shown.toLocaleString('en-GB')} of ${source.count.toLocaleString('en-GB')} rows; the totals are of all of them. The XLSX and CSV files hold every row.`);
      pdf.doc.moveDown(0.5);
    }
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
export function render(result: ReportResult, format: ReportFormat, ctx: RenderContext, out: NodeJS.WritableStream): Promise<void> {
  return renderRows(result, { count: result.rows.length, rows: () => result.rows }, format, ctx, out);
}

/** render() from a result's head and a row source (a stored run's packed rows). */
export async function renderRows(result: Head, source: RowSource, format: ReportFormat, ctx: RenderContext, out: NodeJS.WritableStream): Promise<void> {
  const f = formatterOf(result);
  if (format === 'csv') {
    await renderCsv(result, source, f, out);
    out.end();
    await once(out as NodeJS.EventEmitter, 'finish').catch(() => undefined);
  } else if (format === 'xlsx') await renderXlsx(result, source, f, ctx, out);
  else await renderPdf(result, source, f, ctx, out);
}
