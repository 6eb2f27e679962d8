/** A value as one line of text (lists of one-field records as their values, other records as compact JSON). */
export const show = (v: unknown): string => {
  if (v === undefined) return '';
  if (v === null) return '—';
  // A list of one-field records (a check list's items) reads as its values.
  if (Array.isArray(v) && v.every((x) => x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 1)) {
    return v.map((x) => show(Object.values(x as Record<string, unknown>)[0])).join('; ');
  }
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/** Each field of before and after, changed ones first and marked. */
export function diffRows(before: unknown, after: unknown): Array<{ key: string; before: string; after: string; changed: boolean }> {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.map((key) => {
    const x = key in b ? show(b[key]) : '';
    const y = key in a ? show(a[key]) : '';
    return { key, before: x, after: y, changed: x !== y };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
