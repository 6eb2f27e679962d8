import { describe, expect, it } from 'vitest';
import { diffRows, show } from './audit-diff.ts';

describe('audit line before/after', () => {
  it('lists changed fields first, then the rest, with added and removed fields', () => {
    const rows = diffRows({ id: 3, name: 'A', items: [{ item: 'Tyres' }], gone: 1 }, { id: 3, name: 'B', items: [{ item: 'Tyres' }, { item: 'Horn' }], added: true });
    expect(rows).toEqual([
      { key: 'name', before: 'A', after: 'B', changed: true },
      { key: 'items', before: 'Tyres', after: 'Tyres; Horn', changed: true },
      { key: 'gone', before: '1', after: '', changed: true },
      { key: 'added', before: '', after: 'true', changed: true },
      { key: 'id', before: '3', after: '3', changed: false },
    ]);
  });
  it('reads an add (no before) and a delete (no after)', () => {
    expect(diffRows(null, { name: 'A' })).toEqual([{ key: 'name', before: '', after: 'A', changed: true }]);
    expect(diffRows({ name: 'A' }, null)).toEqual([{ key: 'name', before: 'A', after: '', changed: true }]);
  });
  it('shows null as a dash and other records as JSON', () => {
    expect(show(null)).toBe('—');
    expect(show({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
    expect(show([1, 2])).toBe('[1,2]');
  });
});
