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

export type FieldSpec =
  /** A line of text. */
  | { key: string; kind: 'text'; label: string; max: number }
  /** One of a set of ids (options given when the form is drawn), or none. */
  | { key: string; kind: 'select'; label: string; noneLabel: string }
  /** An ordered list of lines, each stored as { [itemKey]: text }. */
  | { key: string; kind: 'lines'; label: string; itemKey: string; itemLabel: string; addLabel: string; max: number; itemMax: number };

export interface ConfigListSpec<Rec> {
  /** The list's wire name (configlist?list=...). */
  list: string;
  fields: readonly FieldSpec[];
  schema: RecSchema<Rec>;
}

/** The form's values: text → string, select → id as a string or null, lines → strings. */
export type FormValues = Record<string, string | string[] | null>;

export function emptyValues(fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) values[f.key] = f.kind === 'lines' ? [''] : f.kind === 'select' ? null : '';
  return values;
}

/** A record as configrecord answers it, as form values (unknown or missing fields start empty). */
export function valuesFromRecord(fields: readonly FieldSpec[], record: Record<string, unknown>): FormValues {
  const values = emptyValues(fields);
  for (const f of fields) {
    const v = record[f.key];
    if (f.kind === 'text') values[f.key] = typeof v === 'string' ? v : '';
    else if (f.kind === 'select') values[f.key] = typeof v === 'number' ? String(v) : typeof v === 'string' && v !== '' ? v : null;
    else if (Array.isArray(v)) {
      values[f.key] = v.map((line) =>
        line && typeof line === 'object' && typeof (line as Record<string, unknown>)[f.itemKey] === 'string'
          ? ((line as Record<string, unknown>)[f.itemKey] as string)
          : typeof line === 'string' ? line : '',
      );
    }
  }
  return values;
}

/** The form's values as the record to send (the schema checks it; the server checks it again). */
export function recordFromValues(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const rec: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.kind === 'text') rec[f.key] = typeof v === 'string' ? v : '';
    else if (f.kind === 'select') rec[f.key] = typeof v === 'string' && v !== '' ? Number(v) : null;
    else rec[f.key] = (Array.isArray(v) ? v : []).map((line) => ({ [f.itemKey]: line }));
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
export function checkValues<Rec>(spec: ConfigListSpec<Rec>, values: FormValues): Checked<Rec> {
  const parsed = spec.schema.safeParse(recordFromValues(spec.fields, values));
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
export function cellText(value: unknown, formatDate: (iso: string) => string): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDate(value);
  if (typeof value === 'object') return '–';
  return String(value as string | number | boolean);
}
