import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './report-sort.ts';

const rows = [
  { reg: 'VAN 10', km: 5, start: '2026-11-23T08:00:00Z' },
  { reg: 'VAN 9', km: null, start: '2026-11-23T07:00:00Z' },
  { reg: 'car 2', km: 40, start: null },
  { reg: 'VAN 1', km: 5, start: '2026-11-22T07:00:00Z' },
];

describe('sorting a report table', () => {
  it('sorts text naturally and case-blind', () => {
    expect(sortRows(rows, { key: 'reg', direction: 'ascending' }).map((r) => r.reg)).toEqual(['car 2', 'VAN 1', 'VAN 9', 'VAN 10']);
  });

  it('sorts numbers by value, keeps equal rows in report order, and puts empty cells last both ways', () => {
    expect(sortRows(rows, { key: 'km', direction: 'ascending' }).map((r) => r.reg)).toEqual(['VAN 10', 'VAN 1', 'car 2', 'VAN 9']);
    expect(sortRows(rows, { key: 'km', direction: 'descending' }).map((r) => r.reg)).toEqual(['car 2', 'VAN 10', 'VAN 1', 'VAN 9']);
  });

  it('sorts times in time order', () => {
    expect(sortRows(rows, { key: 'start', direction: 'descending' }).map((r) => r.reg)).toEqual(['VAN 10', 'VAN 9', 'VAN 1', 'car 2']);
  });

  it('keeps the report order without a sort and never changes the rows given', () => {
    const copy = structuredClone(rows);
    expect(sortRows(rows, null)).toEqual(rows);
    sortRows(rows, { key: 'reg', direction: 'descending' });
    expect(rows).toEqual(copy);
  });

  it('goes ascending, descending, then back to the report order', () => {
    const a = nextSort(null, 'km');
    expect(a).toEqual({ key: 'km', direction: 'ascending' });
    const d = nextSort(a, 'km');
    expect(d).toEqual({ key: 'km', direction: 'descending' });
    expect(nextSort(d, 'km')).toBeNull();
    expect(nextSort(d, 'reg')).toEqual({ key: 'reg', direction: 'ascending' });
  });
});
