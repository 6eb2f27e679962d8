import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import { queryRows } from './list-query.ts';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'role', label: 'Role', filter: true },
  { key: 'seen', label: 'Last seen', kind: 'datetime' as const },
  { key: 'n', label: 'Count', kind: 'number' as const },
];
const rows = [
  { id: 1, name: 'Ann Archer', role: 'Operator', seen: '2026-11-02T10:00:00Z', n: 10 },
  { id: 2, name: 'bob Baker', role: 'Viewer', seen: null, n: 2 },
  { id: 3, name: 'Cy Archer', role: 'Operator', seen: '2026-11-01T10:00:00Z', n: 1 },
];

describe('configuration list query (issue 15)', () => {
  it('searches every word in the text columns, case-insensitively', () => {
    expect(queryRows(rows, columns, { q: 'ARCHER cy' }).records.map((r) => r.id)).toEqual([3]);
    expect(queryRows(rows, columns, { q: 'archer' }).total).toBe(2);
  });
  it('filters by the offered columns and lists their values', () => {
    const page = queryRows(rows, columns, { filter: 'role:Viewer' });
    expect(page.records.map((r) => r.id)).toEqual([2]);
    expect(page.filters.role).toEqual([{ value: 'Operator', label: 'Operator' }, { value: 'Viewer', label: 'Viewer' }]);
  });
  it('refuses a filter or a sort the list does not offer', () => {
    expect(() => queryRows(rows, columns, { filter: 'name:Ann' })).toThrow(ApiError);
    expect(() => queryRows(rows, columns, { filter: 'nonsense' })).toThrow(/column:value/);
    expect(() => queryRows(rows, columns, { sort: 'password' })).toThrow(/no column/);
  });
  it('sorts numbers as numbers, names without case, empty cells last both ways', () => {
    expect(queryRows(rows, columns, { sort: 'n' }).records.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(queryRows(rows, columns, { sort: 'name', dir: 'desc' }).records.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(queryRows(rows, columns, { sort: 'seen' }).records.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(queryRows(rows, columns, { sort: 'seen', dir: 'desc' }).records.map((r) => r.id)).toEqual([1, 3, 2]);
  });
  it('pages after searching, with the total before paging', () => {
    const page = queryRows(rows, columns, { sort: 'n', offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(page.records.map((r) => r.id)).toEqual([2]);
  });
});
