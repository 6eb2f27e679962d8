import { IMPORT_MAX_ROWS, type ImportPreviewRow } from '@fleet/shared';
import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import type { AnyConfigList, ConfigContext } from './registry.ts';

/**
 * Reading an import file (CSV or XLSX) into a configuration list's records (issue 15, item 8). The
 * header row names the list's record keys (its `rec` schema); each cell is turned into the value the
 * schema takes: numbers, yes/no, empty as null where the key may be null, ';'-separated lists for
 * arrays (an array of one-field objects, like a check list's items, from the same), JSON for other
 * nested values. Each row is then checked by the list's own schema, for duplicates within the file
 * and against the list's records, and by the list's own `check` when it has one.
 */

/** A file as a table: its header and its rows (row = the line's number in the file, the header being 1). */
export interface Table { headers: string[]; rows: Array<{ row: number; cells: string[] }> }

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The same file and list always give the same fingerprint: importcommit adds only what was previewed. */
export function fingerprintOf(list: string, bytes: Buffer): string {
  return createHash('sha256').update(list).update('\u0000').update(bytes).digest('hex');
}

/** Undoes the export's formula guard: a leading ' before = + - @ is the guard, not the value. */
const unguard = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF); ';' separates fields when the header has ';' and no ','. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false;
      } else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === sep) { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      if (c === '\r' && body[i + 1] === '\n') i += 1;
    } else field += c;
    i += 1;
  }
  if (quoted) throw badRequest('The CSV file has a quoted field that is never closed.');
  if (field !== '' || row.length > 0) { row.push(field); out.push(row); }
  return out;
}

/** A spreadsheet cell as text: dates as YYYY-MM-DD (or the instant), rich text and formulas by what they show. */
function xlsxCellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.getUTCHours() || v.getUTCMinutes() ? v.toISOString() : v.toISOString().slice(0, 10);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && 'result' in v) return v.result === undefined || v.result === null ? '' : String(v.result);
  return cell.text ?? '';
}

/** The most an XLSX file may unpack to: 5,000 rows of a list are a few MB of sheet XML; more is a ZIP bomb. */
export const XLSX_MAX_UNPACKED = 64 * 1024 * 1024;

/**
 * The sum of a ZIP's entries' unpacked sizes, from its central directory (null when it has none
 * readable). Checked before exceljs unpacks anything, so a small file cannot fill the memory.
 */
export function zipUnpackedSize(bytes: Buffer): number | null {
  const min = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i -= 1) {
    if (bytes.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY; // ZIP64: far beyond any import
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

/** Reads the file (XLSX by its bytes, else UTF-8 CSV) as a table, refusing what is not one. */
export async function readTable(bytes: Buffer): Promise<Table> {
  let grid: string[][];
  if (bytes.subarray(0, 4).equals(XLSX_MAGIC)) {
    const unpacked = zipUnpackedSize(bytes);
    if (unpacked === null) throw badRequest('The file could not be read as an XLSX workbook.');
    if (unpacked > XLSX_MAX_UNPACKED) throw badRequest('The workbook unpacks to more than 64 MB: save the list alone as CSV or XLSX and import that.');
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest('The file could not be read as an XLSX workbook.');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw badRequest('The workbook has no sheet.');
    if (ws.rowCount > IMPORT_MAX_ROWS + 1) throw tooMany(ws.rowCount - 1);
    grid = [];
    ws.eachRow({ includeEmpty: true }, (r, n) => {
      const cells: string[] = [];
      for (let c = 1; c <= ws.columnCount; c += 1) cells.push(xlsxCellText(r.getCell(c)));
      grid[n - 1] = cells;
    });
    for (let n = 0; n < grid.length; n += 1) grid[n] ??= [];
  } else {
    if (bytes.includes(0)) throw badRequest('The file is neither CSV nor XLSX.');
    grid = parseCsv(bytes.toString('utf8'));
  }
  const [head, ...rest] = grid;
  const headers = (head ?? []).map((h) => h.trim());
  while (headers.length && headers[headers.length - 1] === '') headers.pop();
  if (headers.length === 0) throw badRequest('The file has no header row: its first row names the columns.');
  const rows = rest
    .map((cells, i) => ({ row: i + 2, cells: cells.map((c) => unguard(c)) }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw badRequest('The file has no rows under its header.');
  if (rows.length > IMPORT_MAX_ROWS) throw tooMany(rows.length);
  return { headers, rows };
}

const tooMany = (n: number) => badRequest(`The file has ${n.toLocaleString('en-GB')} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} can be imported at once.`);

/** The JSON schema of a record's field (zod's, as the input it takes). */
interface Js { type?: string | string[]; anyOf?: Js[]; items?: Js; properties?: Record<string, Js>; required?: string[] }

/** Every type a field's schema allows ('any' for an open one). */
function kindsOf(s: Js | undefined, into = new Set<string>()): Set<string> {
  if (!s) return into;
  if (s.anyOf) for (const a of s.anyOf) kindsOf(a, into);
  else if (s.type) for (const t of Array.isArray(s.type) ? s.type : [s.type]) into.add(t === 'integer' ? 'number' : t);
  else into.add('any');
  return into;
}
const variant = (s: Js, type: string): Js | undefined => (s.type === type ? s : s.anyOf?.map((a) => variant(a, type)).find(Boolean));

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A record's field schemas and which it requires, from its zod schema. */
export function recordShape(rec: z.ZodType): { keys: string[]; fields: Record<string, Js>; required: Set<string> } {
  const js = z.toJSONSchema(rec, { io: 'input', unrepresentable: 'any' }) as Js;
  const fields = js.properties ?? {};
  return { keys: Object.keys(fields), fields, required: new Set(js.required ?? []) };
}

/** A primitive cell as its field takes it. */
function primitive(cell: string, s: Js): unknown {
  const kinds = kindsOf(s);
  const v = cell.trim();
  if (v === '') return kinds.has('null') ? null : kinds.has('string') ? '' : undefined;
  if (kinds.has('boolean')) {
    if (YES.has(v.toLowerCase())) return true;
    if (NO.has(v.toLowerCase())) return false;
  }
  if (kinds.has('number') && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

/**
 * One cell as its field takes it; `undefined` leaves the key out (an optional field left empty).
 * Throws a message in words when a JSON cell is not JSON.
 */
export function cellValue(cell: string, s: Js, required: boolean): unknown {
  const kinds = kindsOf(s);
  const v = cell.trim();
  if (v === '') {
    if (kinds.has('null')) return null;
    if (!required) return undefined;
    if (kinds.has('array')) return [];
    return kinds.has('string') ? '' : undefined;
  }
  const arr = variant(s, 'array');
  if (arr && !(kinds.has('string') && !v.includes(';'))) {
    if (v.startsWith('[')) return json(v);
    const items = arr.items ?? {};
    const props = variant(items, 'object')?.properties;
    const parts = v.split(';').map((p) => p.trim()).filter(Boolean);
    if (props && Object.keys(props).length === 1) {
      const [key] = Object.keys(props) as [string];
      return parts.map((p) => ({ [key]: primitive(p, props[key] ?? {}) }));
    }
    return parts.map((p) => primitive(p, items));
  }
  if (kinds.has('object') && !kinds.has('string')) return json(v);
  return primitive(v, s);
}

function json(v: string): unknown {
  try {
    return JSON.parse(v) as unknown;
  } catch {
    throw new Error('is not a list or JSON the column takes');
  }
}

/** A zod issue in words for the preview ('items: must be at least 1'). */
const issueText = (issue: z.core.$ZodIssue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;

/** The values a row is compared by for duplicates: the list's `unique` keys, else the usual identifying ones. */
const IDENTIFYING = /^(email|device_?id|imei|registration|reg|tag)$/i;
export function uniqueKeysOf(list: AnyConfigList, keys: string[]): string[] {
  if (list.unique) return list.unique as string[];
  const found = keys.filter((k) => IDENTIFYING.test(k));
  return found.length ? found : keys.filter((k) => k === 'name');
}
const norm = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).trim().toLowerCase();

/** Whether a device id is registered to a live unit on any site (device ids are unique among live units). */
export const deviceRegisteredIn = (pool: Pick<pg.Pool, 'query'>) => async (deviceId: string): Promise<boolean> =>
  (await pool.query('SELECT 1 FROM units WHERE device_id = $1 AND removed_at IS NULL LIMIT 1', [deviceId])).rowCount !== 0;

export interface PreviewDeps {
  /** Whether a device id is registered to a live unit anywhere (units are unique among live units). */
  deviceRegistered?: (deviceId: string) => Promise<boolean>;
}

/**
 * The preview: each row read as a record of the list, or the reasons it would be refused. Nothing
 * is written. `columns` are the list's record keys; a file naming another column is refused whole.
 */
export async function previewRows(list: AnyConfigList, ctx: ConfigContext, table: Table, deps: PreviewDeps = {}): Promise<{ columns: string[]; rows: ImportPreviewRow[] }> {
  const { keys, fields, required } = recordShape(list.rec);
  const unknown = table.headers.filter((h) => !keys.includes(h));
  if (unknown.length) {
    throw badRequest(`The file has ${unknown.length === 1 ? 'a column' : 'columns'} the list "${list.name}" does not have: ${unknown.join(', ')}. Its columns are: ${keys.join(', ')}.`);
  }
  const missing = keys.filter((k) => required.has(k) && !table.headers.includes(k));
  if (missing.length) throw badRequest(`The file lacks the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}. The list's columns are: ${keys.join(', ')}.`);
  const dupes = new Set(table.headers.filter((h, i) => table.headers.indexOf(h) !== i));
  if (dupes.size) throw badRequest(`The file names the column${dupes.size === 1 ? '' : 's'} ${[...dupes].join(', ')} twice.`);

  const uniqueKeys = uniqueKeysOf(list, keys);
  const existing = new Map<string, Set<string>>();
  if (uniqueKeys.length) {
    const rows = await list.list(ctx);
    for (const k of uniqueKeys) existing.set(k, new Set(rows.map((r) => norm((r as Record<string, unknown>)[k])).filter(Boolean)));
  }
  const seen = new Map<string, Map<string, number>>(uniqueKeys.map((k) => [k, new Map()]));
  const deviceKey = list.name === 'units' ? keys.find((k) => /^(device_?id|imei|uid|device)$/i.test(k)) : undefined;

  const out: ImportPreviewRow[] = [];
  for (const { row, cells } of table.rows) {
    const errors: string[] = [];
    const obj: Record<string, unknown> = {};
    table.headers.forEach((h, i) => {
      try {
        const value = cellValue(cells[i] ?? '', fields[h] ?? {}, required.has(h));
        if (value !== undefined) obj[h] = value;
      } catch (err) {
        errors.push(`${h}: ${(err as Error).message}`);
      }
    });
    const parsed = list.rec.safeParse(obj);
    if (!parsed.success) errors.push(...parsed.error.issues.map(issueText));
    const rec = parsed.success ? (parsed.data as Record<string, unknown>) : null;
    for (const k of uniqueKeys) {
      const value = norm(rec?.[k] ?? obj[k]);
      if (!value) continue;
      const first = seen.get(k)?.get(value);
      if (first !== undefined) errors.push(`${k} "${String(rec?.[k] ?? obj[k])}" is also on row ${first} of the file.`);
      else seen.get(k)?.set(value, row);
      if (existing.get(k)?.has(value)) errors.push(`${k} "${String(rec?.[k] ?? obj[k])}" is already on the list.`);
    }
    if (rec && deviceKey && deps.deviceRegistered && typeof rec[deviceKey] === 'string' && rec[deviceKey] !== '' && (await deps.deviceRegistered(rec[deviceKey]))) {
      if (!errors.some((e) => e.startsWith(`${deviceKey} `))) errors.push(`The device ${String(rec[deviceKey])} is already registered to a unit.`);
    }
    if (rec && errors.length === 0 && list.check) {
      const reason = await list.check(ctx, rec);
      if (reason) errors.push(reason);
    }
    out.push({ row, rec: rec ?? (Object.keys(obj).length ? obj : null), errors });
  }
  return { columns: keys, rows: out };
}
