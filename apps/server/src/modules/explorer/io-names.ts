import { describeIo, ioCatalogue, type IoMap } from '@fleet/protocols';

export interface IoInfo { name: string; unit: string; scale: number }

/**
 * Each key's name (the unit type's roles first, then the IO catalogue with the unit type's own
 * additions), unit and scale from the same catalogue (packages/protocols io-catalogue.ts); an element
 * the catalogue does not know is 'IO <id>', unscaled and without a unit.
 */
export function ioInfo(keys: readonly string[], map: IoMap, catalogueExtra?: unknown): Map<string, IoInfo> {
  const catalogue = ioCatalogue(catalogueExtra);
  const named = describeIo(Object.fromEntries(keys.map((k) => [k, 0])), map, 'metric', catalogue);
  const out = new Map<string, IoInfo>();
  for (const d of named) {
    const entry = /^\d+$/.test(d.id) ? catalogue.get(Number(d.id)) : undefined;
    out.set(d.id, { name: d.name, unit: entry?.unit ?? '', scale: entry?.scale ?? 1 });
  }
  return out;
}
