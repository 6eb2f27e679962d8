import type { ConfigListQuery } from '@fleet/shared';
import { badRequest } from '../../lib/errors.ts';

/** A column as the query reads it. */
export interface QueryColumn { key: string; label: string; filter?: boolean; kind?: 'text' | 'datetime' | 'bool' | 'number' }

export const DEFAULT_PAGE = 50;

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (typeof v === 'object') return '';
  return String(v);
};

/** Parses `filter` ("column:value,column2:value"), refusing columns the list does not offer as filters. */
export function parseFilter(filter: string | undefined, columns: QueryColumn[]): Array<[string, string]> {
  if (!filter || filter.trim() === '') return [];
  const allowed = new Set(columns.filter((c) => c.filter).map((c) => c.key));
  return filter.split(',').map((part) => {
    const at = part.indexOf(':');
    if (at <= 0) throw badRequest(`The request is not valid: querystring.filter: "${part}" is not column:value.`);
    const key = part.slice(0, at).trim();
    if (!allowed.has(key)) throw badRequest(`The request is not valid: querystring.filter: the list cannot be filtered by "${key}".`);
    return [key, part.slice(at + 1).trim()] as [string, string];
  });
}

/**
 * One page of a configuration list, searched, filtered and sorted on the server. The lists are a
 * site's records (hundreds, a few thousand at most), read whole from their module and narrowed
 * here, so every list pages, sorts, filters and searches the same way (docs/decisions.md).
 */
export function queryRows<Row extends Record<string, unknown>>(
  rows: Row[], columns: QueryColumn[], q: Pick<ConfigListQuery, 'q' | 'filter' | 'sort' | 'dir' | 'offset' | 'limit'>, searchKeys?: string[],
): { records: Row[]; total: number; offset: number; limit: number; filters: Record<string, Array<{ value: string; label: string }>> } {
  const filters = parseFilter(q.filter, columns);
  if (q.sort !== undefined && !columns.some((c) => c.key === q.sort)) {
    throw badRequest(`The request is not valid: querystring.sort: the list has no column "${q.sort}".`);
  }
  const keys = searchKeys ?? columns.filter((c) => (c.kind ?? 'text') === 'text').map((c) => c.key);
  const words = (q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  let out = rows.filter((r) => filters.every(([k, v]) => cellText(r[k]) === v));
  if (words.length) {
    out = out.filter((r) => {
      const hay = keys.map((k) => cellText(r[k]).toLowerCase()).join('\u0000');
      return words.every((w) => hay.includes(w));
    });
  }
  if (q.sort) {
    const key = q.sort;
    const sign = q.dir === 'desc' ? -1 : 1;
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    out = [...out].sort((a, b) => {
      const x = a[key];
      const y = b[key];
      if (x === y) return 0;
      if (x === null || x === undefined || x === '') return 1; // empty cells last, whichever the direction
      if (y === null || y === undefined || y === '') return -1;
      if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
      if (typeof x === 'boolean' && typeof y === 'boolean') return sign * (Number(x) - Number(y));
      return sign * collator.compare(cellText(x), cellText(y));
    });
  }
  const offset = q.offset ?? 0;
  const limit = q.limit ?? DEFAULT_PAGE;
  const options: Record<string, Array<{ value: string; label: string }>> = {};
  for (const c of columns.filter((col) => col.filter)) {
    const seen = new Set<string>();
    for (const r of rows) seen.add(cellText(r[c.key]));
    options[c.key] = [...seen].sort((a, b) => a.localeCompare(b)).map((v) => ({ value: v, label: v === '' ? '(none)' : v }));
  }
  return { records: out.slice(offset, offset + limit), total: out.length, offset, limit, filters: options };
}
