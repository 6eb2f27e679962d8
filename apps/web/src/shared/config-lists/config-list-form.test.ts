import { vclRecSchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  addLine, cellText, checkValues, type ConfigListSpec, emptyValues, errorKey, type FieldSpec, filterParam, filtersOf, type FormValues, initialValues, moveLine, recordAddress,
  recordFromValues, removeLine, valuesFromRecord,
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

describe('configuration list form: the issue 15 field kinds and addresses', () => {
  const fields = [
    { key: 'km', kind: 'number', label: 'Km' },
    { key: 'on', kind: 'checkbox', label: 'On' },
    { key: 'due', kind: 'date', label: 'Due' },
    { key: 'units', kind: 'multiselect', label: 'Units' },
    { key: 'what', kind: 'select', label: 'What', valueType: 'string' },
    { key: 'weekday', kind: 'select', label: 'Day', omitEmpty: true },
    { key: 'points', kind: 'lines', label: 'Points', itemKey: 'p', itemLabel: 'Point', addLabel: 'Add', max: 5, itemMax: 40,
      parse: (l: string) => ({ y: Number(l.split(',')[0]), x: Number(l.split(',')[1]) }), format: (p: unknown) => `${(p as { y: number }).y},${(p as { x: number }).x}` },
  ] as const satisfies readonly FieldSpec[];

  it('reads and writes numbers, yes/no, dates, several ids, string selects and parsed lines; leaves omitted empties out', () => {
    const record = { id: 9, km: 1500.5, on: true, due: '2026-12-01', units: [3, 4], what: 'trips', weekday: null, points: [{ x: -1.5, y: 53.8 }] };
    const values = valuesFromRecord(fields, record);
    expect(values).toEqual({ km: '1500.5', on: '1', due: '2026-12-01', units: ['3', '4'], what: 'trips', weekday: null, points: ['53.8,-1.5'] });
    expect(recordFromValues(fields, { ...values, points: ['53.8,-1.5', '  '] })).toEqual({
      km: 1500.5, on: true, due: '2026-12-01', units: [3, 4], what: 'trips', points: [{ x: -1.5, y: 53.8 }],
    });
    expect(recordFromValues(fields, { ...emptyValues(fields) })).toMatchObject({ km: null, on: false, due: null, units: [], what: null, points: [] });
    expect(recordFromValues(fields, { ...values, km: '12x' }).km).toBe('12x');
  });

  it('sends back only the kept keys of the record read', () => {
    const rec = recordFromValues([{ key: 'name', kind: 'text', label: 'Name', max: 10 }], { name: 'A' }, { id: 3, src: [1], options: {}, other: 1 }, ['src', 'options']);
    expect(rec).toEqual({ src: [1], options: {}, name: 'A' });
  });

  it('writes and reads the filter parameter', () => {
    expect(filterParam({ type: 'Van', shape: '' })).toBe('type:Van');
    expect(filterParam({})).toBeUndefined();
    expect(filtersOf('type:Van,shape:Circle')).toEqual({ type: 'Van', shape: 'Circle' });
    expect(filtersOf(null)).toEqual({});
  });

  it('reads config/{list}/{id}/{mode}', () => {
    expect(recordAddress('new', undefined, true)).toEqual({ id: 0, mode: 'add' });
    expect(recordAddress('0', 'add', true)).toEqual({ id: 0, mode: 'add' });
    expect(recordAddress('12', undefined, true)).toEqual({ id: 12, mode: 'edit' });
    expect(recordAddress('12', undefined, false)).toEqual({ id: 12, mode: 'view' });
    expect(recordAddress('12', 'edit', false)).toEqual({ id: 12, mode: 'view' });
    expect(recordAddress('12', 'view', true)).toEqual({ id: 12, mode: 'view' });
    expect(recordAddress('12', 'delete', true)).toBeNull();
    expect(recordAddress('abc', undefined, true)).toBeNull();
    expect(recordAddress('new', 'edit', true)).toBeNull();
  });

  it('writes yes/no cells', () => {
    expect(cellText(true, (s) => s)).toBe('Yes');
    expect(cellText(false, (s) => s, 'Oui', 'Non')).toBe('Non');
  });
});

describe('configuration list form: fields shown by the others', () => {
  it('starts a new record with the declared values and sends a hidden field empty', () => {
    const fields = [
      { key: 'frequency', kind: 'select', label: 'F', valueType: 'string', initial: 'daily' },
      { key: 'weekday', kind: 'select', label: 'W', omitEmpty: true, when: (v: FormValues) => v.frequency === 'weekly' },
    ] as const satisfies readonly FieldSpec[];
    expect(initialValues(fields)).toEqual({ frequency: 'daily', weekday: null });
    expect(recordFromValues(fields, { frequency: 'daily', weekday: '3' })).toEqual({ frequency: 'daily' });
    expect(recordFromValues(fields, { frequency: 'weekly', weekday: '3' })).toEqual({ frequency: 'weekly', weekday: 3 });
  });
});
