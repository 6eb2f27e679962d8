import type { ReportCell, ReportRow } from '@fleet/shared';

export type SortDirection = 'ascending' | 'descending';
export interface ReportSort {
  key: string;
  direction: SortDirection;
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** Numbers by value, text by the collator ('VAN 9' before 'VAN 10'); times and days are ISO text so sort as text. */
function compareCells(a: ReportCell, b: ReportCell): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

const empty = (v: ReportCell | undefined) => v === null || v === undefined || v === '';

/**
 * The rows in the order of `sort` (a stable sort: equal rows keep the report's order); empty cells
 * last whichever way. Without a sort, the report's own order.
 */
export function sortRows(rows: readonly ReportRow[], sort: ReportSort | null): ReportRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = x.row[sort.key];
      const b = y.row[sort.key];
      if (empty(a) || empty(b)) return empty(a) === empty(b) ? x.index - y.index : empty(a) ? 1 : -1;
      return sign * compareCells(a as ReportCell, b as ReportCell) || x.index - y.index;
    })
    .map((e) => e.row);
}

/** The next sort when a column's header is pressed: ascending, then descending, then the report's order. */
export function nextSort(current: ReportSort | null, key: string): ReportSort | null {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return current.direction === 'ascending' ? { key, direction: 'descending' } : null;
}
