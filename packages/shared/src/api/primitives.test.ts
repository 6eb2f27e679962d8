import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.ts';
import { date, datetime, email, id, int, MAX_ID, numParam, text } from './primitives.ts';

const ok = (s: z.ZodType, v: unknown) => s.safeParse(v).success;

describe('id', () => {
  it('takes 1 … 2^31−1 as a number or its digits, and nothing else', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(MAX_ID)).toBe(MAX_ID);
    for (const bad of [0, -1, MAX_ID + 1, 2 ** 53, 1.5, '1.5', '-1', '2147483648', '99999999999', '1e3', '0x10', ' 1', '', 'abc',
      true, null, [5], { a: 1 }, '1\u0000']) {
      expect(ok(id, bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('int and numbers from query strings', () => {
  it('keeps the bounds', () => {
    expect(int(1, 200).parse('200')).toBe(200);
    expect(ok(int(1, 200), '201')).toBe(false);
    expect(ok(int(1, 200), '9'.repeat(40))).toBe(false);
    expect(numParam(-90, 90).parse('-51.5')).toBe(-51.5);
    for (const bad of ['91', 'NaN', 'Infinity', '1e400', '', [1], '5\u0000']) expect(ok(numParam(-90, 90), bad), String(bad)).toBe(false);
  });
});

describe('date and datetime', () => {
  it('takes real calendar dates in bounded years only', () => {
    for (const good of ['2026-05-01', '2024-02-29', '1900-01-01', '2200-12-31']) expect(ok(date, good), good).toBe(true);
    for (const bad of ['2026-99-99', '0000-01-01', '2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '9999-01-01',
      '2026-5-1', '2026-05-01T00:00:00Z', '2026-05-01\u0000', 20260501]) {
      expect(ok(date, bad), String(bad)).toBe(false);
    }
    expect(ok(datetime, '2026-05-01T08:30:00Z')).toBe(true);
    expect(ok(datetime, '2026-05-01T08:30:00.123+01:00')).toBe(true);
    for (const bad of ['2026-99-99T00:00:00Z', '0000-01-01T00:00:00Z', '2026-05-01T25:00:00Z', '2026-05-01T08:30:00', '2026-05-01']) {
      expect(ok(datetime, bad), bad).toBe(false);
    }
  });
});

describe('text and email', () => {
  it('refuses control characters (tab and line breaks only in multi-line text) and keeps the length bound', () => {
    expect(ok(text(10), 'Leeds')).toBe(true);
    for (const bad of ['a\u0000b', 'a\u0007', 'a\tb', 'a\nb', 'a\u007f', 'x'.repeat(11)]) expect(ok(text(10), bad), JSON.stringify(bad)).toBe(false);
    expect(ok(text(20, { multiline: true }), 'line 1\r\nline 2\tend')).toBe(true);
    expect(ok(text(20, { multiline: true }), 'line 1\u0000')).toBe(false);
    expect(email.parse('  Ops@Example.com ')).toBe('Ops@Example.com');
    for (const bad of ['a\u0000@b.c', 'not an address', `${'a'.repeat(250)}@b.co`]) expect(ok(email, bad), bad).toBe(false);
  });
});

/** Every field schema of every call's input, nested objects and array items included. */
function fields(schema: z.ZodType, at: string): Array<[string, z.ZodType]> {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else break;
  }
  if (s instanceof z.ZodObject) return Object.entries(s.shape as Record<string, z.ZodType>).flatMap(([k, v]) => [[`${at}.${k}`, v] as [string, z.ZodType], ...fields(v, `${at}.${k}`)]);
  if (s instanceof z.ZodArray) return fields(s.element as z.ZodType, `${at}[]`);
  return [];
}

describe('every input schema in packages/shared', () => {
  const inputs = Object.entries(shared).filter(([name]) => /(Query|Body)Schema$/.test(name)) as Array<[string, z.ZodType]>;

  it('finds the inputs', () => {
    expect(inputs.length).toBeGreaterThan(25);
  });

  it('refuses NUL bytes, 100 KB strings, huge and fractional numbers and nested objects in every field', () => {
    const hostile: unknown[] = ['\u0000', 'a\u0000b', 'x'.repeat(100_000), 2 ** 31, 2 ** 53, 1e308, { nested: { deep: 1 } }];
    const accepted: string[] = [];
    for (const [name, schema] of inputs) {
      for (const [path, field] of fields(schema, name)) {
        if (field instanceof z.ZodObject || field instanceof z.ZodArray) continue;
        for (const v of hostile) if (ok(field, v)) accepted.push(`${path} accepts ${JSON.stringify(v).slice(0, 20)}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
