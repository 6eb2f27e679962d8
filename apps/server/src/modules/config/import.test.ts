import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cellValue, parseCsv, recordShape } from './import.ts';

describe('import: CSV', () => {
  it('reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF and LF, and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\nlines",3')).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['two\nlines', '3']]);
  });
  it("takes ';' as the separator when the header has ';' and no ','", () => {
    expect(parseCsv('name;items\nA;"x;y"')).toEqual([['name', 'items'], ['A', 'x;y']]);
  });
  it('refuses a quote that is never closed', () => {
    expect(() => parseCsv('a\n"open')).toThrow(/never closed/);
  });
});

describe('import: a cell as the record field takes it', () => {
  const rec = z.strictObject({
    name: z.string(),
    note: z.string().optional(),
    count: z.union([z.number(), z.string()]).nullable(),
    active: z.boolean(),
    tags: z.array(z.string()),
    items: z.array(z.strictObject({ item: z.string() })),
    sites: z.array(z.number()),
    extra: z.strictObject({ a: z.number() }).nullable(),
  });
  const { fields, required, keys } = recordShape(rec);
  const v = (key: string, cell: string) => cellValue(cell, fields[key] ?? {}, required.has(key));
  it('lists the record keys and which are required', () => {
    expect(keys).toEqual(['name', 'note', 'count', 'active', 'tags', 'items', 'sites', 'extra']);
    expect(required.has('note')).toBe(false);
  });
  it('converts numbers, yes/no, empties, lists and JSON', () => {
    expect(v('name', ' Van 1 ')).toBe('Van 1');
    expect(v('note', '')).toBeUndefined();
    expect(v('count', '')).toBeNull();
    expect(v('count', '12')).toBe(12);
    expect(v('active', 'Yes')).toBe(true);
    expect(v('active', 'no')).toBe(false);
    expect(v('active', 'maybe')).toBe('maybe');
    expect(v('tags', 'a; b ;;c')).toEqual(['a', 'b', 'c']);
    expect(v('tags', '')).toEqual([]);
    expect(v('items', 'Tyres;Lights')).toEqual([{ item: 'Tyres' }, { item: 'Lights' }]);
    expect(v('sites', '1;2')).toEqual([1, 2]);
    expect(v('sites', '[3,4]')).toEqual([3, 4]);
    expect(v('extra', '{"a":1}')).toEqual({ a: 1 });
    expect(() => v('extra', '{a:1}')).toThrow(/JSON/);
  });
});
