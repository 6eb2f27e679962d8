import { vclRecSchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  addLine, cellText, checkValues, type ConfigListSpec, emptyValues, errorKey, moveLine, recordFromValues, removeLine, valuesFromRecord,
} from './config-list-form.ts';

const spec: ConfigListSpec<unknown> = {
  list: 'vcls',
  schema: vclRecSchema,
  fields: [
    { key: 'name', kind: 'text', label: 'Name', max: 80 },
    { key: 'unittype', kind: 'select', label: 'Vehicle type', noneLabel: 'Any' },
    { key: 'items', kind: 'lines', label: 'Items', itemKey: 'item', itemLabel: 'Item', addLabel: 'Add an item', max: 100, itemMax: 120 },
  ],
};

describe('configuration list form', () => {
  it('round-trips a record through the form', () => {
    const record = { id: 3, name: 'Van check', unittype: 2, items: [{ item: 'Tyres' }, { item: 'Lights' }] };
    const values = valuesFromRecord(spec.fields, record);
    expect(values).toEqual({ name: 'Van check', unittype: '2', items: ['Tyres', 'Lights'] });
    expect(recordFromValues(spec.fields, values)).toEqual({ name: 'Van check', unittype: 2, items: [{ item: 'Tyres' }, { item: 'Lights' }] });
  });

  it('starts a new record empty, with one line to fill', () => {
    expect(emptyValues(spec.fields)).toEqual({ name: '', unittype: null, items: [''] });
    expect(recordFromValues(spec.fields, emptyValues(spec.fields))).toMatchObject({ unittype: null });
  });

  it('checks with the list schema and gives the first error of each field, lines by index', () => {
    const result = checkValues(spec, { name: '  ', unittype: null, items: ['Tyres', '', 'x'.repeat(121)] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['items.1', 'items.2', 'name']);
    expect(result.errors.name).toBe('Must have a name.');
    expect(result.errors['items.1']).toBe('Must name the item.');
  });

  it('refuses no items and more than 100', () => {
    const none = checkValues(spec, { name: 'A', unittype: null, items: [] });
    expect(none.ok ? null : none.errors.items).toMatch(/at least one item/);
    const many = checkValues(spec, { name: 'A', unittype: null, items: Array.from({ length: 101 }, (_, i) => `I${i}`) });
    expect(many.ok ? null : many.errors.items).toMatch(/at most 100/);
  });

  it('accepts a good record, trimmed', () => {
    const result = checkValues(spec, { name: ' Van ', unittype: '4', items: [' Tyres '] });
    expect(result).toEqual({ ok: true, rec: { name: 'Van', unittype: 4, items: [{ item: 'Tyres' }] } });
  });

  it('moves, removes and adds lines within the limit', () => {
    const lines = ['a', 'b', 'c'];
    expect(moveLine(lines, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveLine(lines, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveLine(lines, 0, -1)).toBe(lines);
    expect(moveLine(lines, 2, 1)).toBe(lines);
    expect(removeLine(lines, 1)).toEqual(['a', 'c']);
    expect(addLine(lines, 4)).toEqual(['a', 'b', 'c', '']);
    expect(addLine(lines, 3)).toBe(lines);
  });

  it('names where an error shows', () => {
    expect(errorKey(['items', 3, 'item'])).toBe('items.3');
    expect(errorKey(['items'])).toBe('items');
    expect(errorKey(['name'])).toBe('name');
  });

  it('writes cells as text', () => {
    const date = (iso: string) => `D(${iso.slice(0, 10)})`;
    expect(cellText('2026-11-24T07:00:00.000Z', date)).toBe('D(2026-11-24)');
    expect(cellText(null, date)).toBe('–');
    expect(cellText([1, 2], date)).toBe('2');
    expect(cellText(12, date)).toBe('12');
    expect(cellText('Van', date)).toBe('Van');
  });
});
