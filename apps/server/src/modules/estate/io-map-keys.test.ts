import { DEFAULT_IO_MAP, IO_GROUPS, ioCatalogue } from '@fleet/protocols';
import { IO_GROUP_NAMES, IO_MAP_DEFAULTS, ioCatalogueRowsSchema, ioMapSchema } from '@fleet/shared';
import { catalogueObject, catalogueRows } from './io-catalogue-rows.ts';
import { describe, expect, it } from 'vitest';

describe('the IO mapping editor\'s meanings', () => {
  it('are the device side\'s, with the same defaults', () => {
    expect(IO_MAP_DEFAULTS).toEqual(DEFAULT_IO_MAP);
  });
  it('accept element ids 0 to 65535 for known meanings only', () => {
    expect(ioMapSchema.safeParse({ ignition: 0, rpm: 65_535 }).success).toBe(true);
    expect(ioMapSchema.safeParse({ ignition: 65_536 }).success).toBe(false);
    expect(ioMapSchema.safeParse({ colour: 1 }).success).toBe(false);
  });
});

describe("the unit type editor's IO catalogue rows", () => {
  it('name the same groups as the catalogue', () => {
    expect([...IO_GROUP_NAMES]).toEqual([...IO_GROUPS]);
  });
  it('round-trip through the stored object, which the catalogue reads', () => {
    const rows = [{ id: 127, name: 'Coolant (FM63)', unit: '°C', scale: 1, decimals: 0, group: 'engine' as const }, { id: 5000, name: 'Crane', unit: 't', scale: 0.1, decimals: 1 }];
    const stored = catalogueObject(ioCatalogueRowsSchema.parse(rows));
    expect(catalogueRows(stored)).toEqual(rows);
    expect(ioCatalogue(stored).get(5000)).toMatchObject({ name: 'Crane', unit: 't', scale: 0.1, group: 'device' });
    expect(catalogueRows({ 1: { name: '' } })).toEqual([]);
  });
  it('refuse the same IO id twice, a zero scale and a nameless row', () => {
    const row = { id: 1, name: 'A', unit: '', scale: 1, decimals: 0 };
    expect(ioCatalogueRowsSchema.safeParse([row, row]).success).toBe(false);
    expect(ioCatalogueRowsSchema.safeParse([{ ...row, scale: 0 }]).success).toBe(false);
    expect(ioCatalogueRowsSchema.safeParse([{ ...row, name: ' ' }]).success).toBe(false);
  });
});
