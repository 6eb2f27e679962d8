import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { cellValue, parseCsv, readTable, recordShape, zipUnpackedSize } from './import.ts';

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

/** A one-entry ZIP holding `size` zero bytes, deflated (a few KB for many MB). */
function zipOf(size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18); local.writeUInt32LE(size, 22); local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20); central.writeUInt32LE(size, 24); central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12); end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('import: XLSX', () => {
  it('sums the unpacked size of a real workbook from its central directory', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('A').addRow(['name']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const size = zipUnpackedSize(bytes);
    expect(size).toBeGreaterThan(bytes.length);
    expect(size).toBeLessThan(100_000);
  });
  it('refuses a workbook that would unpack past the limit before unpacking it', async () => {
    const bomb = zipOf(80 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200_000);
    expect(zipUnpackedSize(bomb)).toBe(80 * 1024 * 1024);
    await expect(readTable(bomb)).rejects.toThrow(/unpacks to more than 64 MB/);
  });
});
