import { type IoCatalogueExtra, ioCatalogueExtraSchema } from '@fleet/protocols';
import type { IoCatalogueRow } from '@fleet/shared';

/*
 * A unit type's IO catalogue on the wire is a list of rows (the editor's table); in
 * unit_types.io_catalogue it is an object by IO id, as packages/protocols ioCatalogue reads it.
 */

/** The stored object as rows by IO id; a stored value that does not parse reads as none (the device side ignores it too). */
export function catalogueRows(stored: unknown): IoCatalogueRow[] {
  const parsed = ioCatalogueExtraSchema.safeParse(stored ?? {});
  if (!parsed.success) return [];
  return Object.entries(parsed.data)
    .map(([id, e]) => ({ id: Number(id), name: e.name, unit: e.unit, scale: e.scale, decimals: e.decimals, ...(e.group ? { group: e.group } : {}) }))
    .sort((a, b) => a.id - b.id);
}

/** Rows (validated by the call's schema) as the stored object. */
export function catalogueObject(rows: readonly IoCatalogueRow[]): IoCatalogueExtra {
  const out: IoCatalogueExtra = {};
  for (const r of rows) out[String(r.id)] = { name: r.name, unit: r.unit, scale: r.scale, decimals: r.decimals, ...(r.group ? { group: r.group } : {}) };
  return out;
}
