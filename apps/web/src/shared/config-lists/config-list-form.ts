/**
 * The declarative configuration-list editor's rules (issue 11 builds it for 'vcls'; issue 15 folds
 * more lists in): a list is declared by its fields and the zod schema of its record ('rec'); the
 * form's values, the record sent, the record read back and the errors by field all follow from that.
 */

/** Anything with zod's safeParse whose failure carries issues with a path and a message. */
export interface RecSchema<Rec> {
  safeParse(input: unknown):
    | { success: true; data: Rec }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** What every field may say besides its kind: read-only once the record exists (a unit's device id), a hint. */
interface FieldBase {
  key: string; label: string; lockedOnEdit?: boolean; hint?: string;
  /** Left out of the record when empty (the schema takes no null). */
  omitEmpty?: boolean;
  /** A new record's value (as the form holds it: '1' for a ticked box). */
  initial?: string | string[];
  /** Shown only when this says so (a circle's centre, a polygon's points); a hidden field is sent empty. */
  when?(values: FormValues): boolean;
}

export type FieldSpec =
  /** A line of text. */
  | (FieldBase & { kind: 'text'; max: number; optional?: boolean })
  /** One of a set of values (options given when the form is drawn), or none. Ids are numbers unless `valueType` is 'string'. */
  | (FieldBase & { kind: 'select'; noneLabel?: string; valueType?: 'number' | 'string' })
  /** Several of a set of values (ids unless `valueType` is 'string'). */
  | (FieldBase & { kind: 'multiselect'; valueType?: 'number' | 'string' })
  /** A number; empty is null. */
  | (FieldBase & { kind: 'number'; min?: number; max?: number; step?: number })
  /** Yes or no. */
  | (FieldBase & { kind: 'checkbox' })
  /** A calendar date YYYY-MM-DD; empty is null. */
  | (FieldBase & { kind: 'date' })
  /**
   * An ordered list of lines, each stored as { [itemKey]: text }, or as `parse` makes it (and shown
   * as `format` writes it): a polygon's points as 'lat, lon' lines.
   */
  | (FieldBase & {
    kind: 'lines'; itemKey: string; itemLabel: string; addLabel: string; max: number; itemMax: number;
    parse?(line: string): unknown; format?(item: unknown): string;
  });

export interface ConfigListSpec<Rec> {
  /** The list's wire name (configlist?list=...). */
  list: string;
  /** False when records are not added here (every vehicle has its service plan): no Add button. */
  canAdd?: boolean;
  /** Keys of the record no field shows, sent back as they were read (a scheduled report's ids and options). */
  keep?: readonly string[];
  fields: readonly FieldSpec[];
  schema: RecSchema<Rec>;
}

/** The form's values: text, number, date → string; checkbox → '1' or ''; select → value as a string or null; lines and multiselect → strings. */
export type FormValues = Record<string, string | string[] | null>;

export function emptyValues(fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) values[f.key] = f.kind === 'lines' ? [''] : f.kind === 'multiselect' ? [] : f.kind === 'select' ? null : '';
  return values;
}

/** A new record's form: empty, but for the fields that start with a value. */
export function initialValues(fields: readonly FieldSpec[]): FormValues {
  const values = emptyValues(fields);
  for (const f of fields) if (f.initial !== undefined) values[f.key] = f.initial;
  return values;
}

/** A record as configrecord answers it, as form values (unknown or missing fields start empty). */
export function valuesFromRecord(fields: readonly FieldSpec[], record: Record<string, unknown>): FormValues {
  const values = emptyValues(fields);
  for (const f of fields) {
    const v = record[f.key];
    if (f.kind === 'text' || f.kind === 'date') values[f.key] = typeof v === 'string' ? v : '';
    else if (f.kind === 'number') values[f.key] = typeof v === 'number' ? String(v) : '';
    else if (f.kind === 'checkbox') values[f.key] = v === true ? '1' : '';
    else if (f.kind === 'select') values[f.key] = typeof v === 'number' ? String(v) : typeof v === 'string' && v !== '' ? v : null;
    else if (f.kind === 'multiselect') values[f.key] = Array.isArray(v) ? v.map((x) => String(x)) : [];
    else if (Array.isArray(v)) {
      values[f.key] = v.map((line) => {
        if (f.format) return f.format(line);
        return line && typeof line === 'object' && typeof (line as Record<string, unknown>)[f.itemKey] === 'string'
          ? ((line as Record<string, unknown>)[f.itemKey] as string)
          : typeof line === 'string' ? line : '';
      });
    }
  }
  return values;
}

/** A number as typed: '' is null; anything not a number stays text, for the schema to refuse. */
function numberOf(v: string): number | string | null {
  const s = v.trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : s;
}

/**
 * The form's values as the record to send (the schema checks it; the server checks it again),
 * over `base`: the record's other keys (those no field shows) are sent back as they were.
 */
export function recordFromValues(
  fields: readonly FieldSpec[], values: FormValues, base: Record<string, unknown> = {}, keep: readonly string[] = [],
): Record<string, unknown> {
  const rec: Record<string, unknown> = {};
  for (const k of keep) if (base[k] !== undefined) rec[k] = base[k];
  for (const f of fields) {
    // A hidden field is sent empty: a circle has no points, a daily schedule no weekday.
    const v = f.when && !f.when(values) ? (f.kind === 'lines' || f.kind === 'multiselect' ? [] : f.kind === 'select' ? null : '') : values[f.key];
    const str = typeof v === 'string' ? v : '';
    if (f.kind === 'text') rec[f.key] = f.optional && str.trim() === '' ? null : str;
    else if (f.kind === 'date') rec[f.key] = str === '' ? null : str;
    else if (f.kind === 'number') rec[f.key] = numberOf(str);
    else if (f.kind === 'checkbox') rec[f.key] = str === '1';
    else if (f.kind === 'select') {
      rec[f.key] = typeof v === 'string' && v !== '' ? (f.valueType === 'string' ? v : Number(v)) : null;
    } else if (f.kind === 'multiselect') {
      rec[f.key] = (Array.isArray(v) ? v : []).map((x) => (f.valueType === 'string' ? x : Number(x)));
    } else {
      const lines = Array.isArray(v) ? v : [];
      const parse = f.parse;
      rec[f.key] = parse ? lines.filter((l) => l.trim() !== '').map((l) => parse(l)) : lines.map((line) => ({ [f.itemKey]: line }));
    }
    if (f.omitEmpty && rec[f.key] === null) delete rec[f.key];
  }
  return rec;
}

/** Where an error shows: the field's key, or 'key.index' for one line of a list. */
export function errorKey(path: ReadonlyArray<PropertyKey>): string {
  const [key, index] = path;
  if (typeof index === 'number') return `${String(key)}.${index}`;
  return String(key ?? '');
}

/** 'must have a name' → 'Must have a name.' */
function sentence(message: string): string {
  const s = message.trim();
  if (!s) return s;
  const first = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

export type Checked<Rec> = { ok: true; rec: Rec } | { ok: false; errors: Record<string, string> };

/** Checks the form against the list's schema: the record, or the first error of each field. */
export function checkValues<Rec>(spec: ConfigListSpec<Rec>, values: FormValues, base?: Record<string, unknown>): Checked<Rec> {
  const parsed = spec.schema.safeParse(recordFromValues(spec.fields, values, base, spec.keep));
  if (parsed.success) return { ok: true, rec: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = errorKey(issue.path);
    errors[key] ??= sentence(issue.message);
  }
  return { ok: false, errors };
}

/** Moves line `index` of a lines field by `by` (−1 up, +1 down); the same array when it cannot move. */
export function moveLine(lines: readonly string[], index: number, by: -1 | 1): readonly string[] {
  const to = index + by;
  if (index < 0 || index >= lines.length || to < 0 || to >= lines.length) return lines;
  const next = [...lines];
  [next[index], next[to]] = [next[to] as string, next[index] as string];
  return next;
}

export function removeLine(lines: readonly string[], index: number): string[] {
  return lines.filter((_, i) => i !== index);
}

/** Adds an empty line at the end, unless the list is full. */
export function addLine(lines: readonly string[], max: number): readonly string[] {
  return lines.length >= max ? lines : [...lines, ''];
}

/** A configlist cell as text: dates in words, counts of arrays, '–' for nothing. */
export function cellText(value: unknown, formatDate: (iso: string) => string, yes = 'Yes', no = 'No'): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? yes : no;
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDate(value);
  if (typeof value === 'object') return '–';
  return String(value as string | number | boolean);
}

/** The configlist `filter` parameter: 'column:value' pairs, commas between (empty values left out). */
export function filterParam(filters: Record<string, string>): string | undefined {
  const parts = Object.entries(filters).filter(([, v]) => v !== '').map(([k, v]) => `${k}:${v}`);
  return parts.length ? parts.join(',') : undefined;
}

/** Reads the filter parameter back ('type:Van,shape:Circle' → { type: 'Van', shape: 'Circle' }). */
export function filtersOf(param: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (param ?? '').split(',')) {
    const at = part.indexOf(':');
    if (at > 0) out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}

/** The mode of config/{list}/{id}/{mode}: 'new' or '0' adds; a record opens in `mode`, else edit (view when the caller cannot change it). */
export function recordAddress(idParam: string, modeParam: string | undefined, canEdit: boolean):
  { id: number; mode: 'add' | 'edit' | 'view' } | null {
  if (idParam === 'new' || idParam === '0') return modeParam === undefined || modeParam === 'add' ? { id: 0, mode: 'add' } : null;
  if (!/^[1-9]\d{0,9}$/.test(idParam)) return null;
  if (modeParam !== undefined && modeParam !== 'edit' && modeParam !== 'view') return null;
  const mode = modeParam ?? (canEdit ? 'edit' : 'view');
  return { id: Number(idParam), mode: mode === 'edit' && !canEdit ? 'view' : mode };
}
