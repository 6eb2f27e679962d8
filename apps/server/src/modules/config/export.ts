import type { ExportFormat, ExportListQuery } from '@fleet/shared';
import ExcelJS from 'exceljs';
import { csvField } from '../reports/index.ts';
import { queryRows, type QueryColumn } from './list-query.ts';
import type { AnyConfigList, ConfigContext } from './registry.ts';

/**
 * A configuration list exported whole (issue 15, item 8): the records the editor would list after
 * the same search, filters and sort, with the columns the list declares (their labels as the
 * header). CSV has the reports' formula guard; XLSX types numbers, dates and yes/no.
 */

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A cell as text: lists joined by '; ', yes/no, nested records as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.map(cellText).join('; ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function xlsxValue(c: QueryColumn, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (c.kind === 'number' && typeof v === 'number') return v;
  if (c.kind === 'datetime' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v);
  return cellText(v);
}

/** The list's rows as the export holds them (every page). */
export async function exportRows(list: AnyConfigList, ctx: ConfigContext, q: Omit<ExportListQuery, 'list' | 'format'>) {
  const rows = await list.list(ctx);
  return queryRows(rows, list.columns, { ...q, offset: 0, limit: Math.max(rows.length, 1) }).records as Array<Record<string, unknown>>;
}

/** The file's bytes. */
export async function exportFile(list: AnyConfigList, rows: Array<Record<string, unknown>>, format: ExportFormat): Promise<Buffer> {
  const columns = list.columns as QueryColumn[];
  if (format === 'csv') {
    const line = (cells: string[], text: boolean[]) => `${cells.map((s, i) => csvField(s, text[i] ?? true)).join(',')}\r\n`;
    const isText = columns.map((c) => c.kind !== 'number');
    let out = `\ufeff${line(columns.map((c) => c.label), columns.map(() => true))}`;
    for (const r of rows) out += line(columns.map((c) => cellText(r[c.key])), isText);
    return Buffer.from(out, 'utf8');
  }
  const wb = new ExcelJS.Workbook();
  wb.title = list.title;
  const ws = wb.addWorksheet(list.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    key: c.key, header: c.label, width: c.kind === 'datetime' ? 18 : c.kind === 'number' || c.kind === 'bool' ? 12 : 26,
    ...(c.kind === 'datetime' ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => xlsxValue(c, r[c.key])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** 'units-2026-11-24.csv'. */
export const exportFileName = (list: AnyConfigList, format: ExportFormat, now = new Date()) => `${list.name}-${now.toISOString().slice(0, 10)}.${format}`;
