import { z } from 'zod';

/*
 * The one catalogue of Teltonika IO elements: what each id is called, its unit and how its raw value
 * reads. Ids, scales and units follow the vendor's parameter lists: the FMB/FMC "Teltonika Data
 * Sending Parameters ID" pages (permanent I/O, "CAN I/O standard elements" for LV-CAN200/ALL-CAN300
 * and the CAN chip) and the FMB640 FMS list (the same numbering from FMB640 firmware 00.05 on).
 * Model families that number some elements differently (the FMB630/FM63 FMS list: coolant 127,
 * service distance 113) are a unit type's extension (unit_types.io_catalogue), not a second list.
 */

export const IO_GROUPS = ['engine', 'fuel', 'axles', 'emissions', 'service', 'faults', 'driving', 'device', 'inputs'] as const;
export type IoGroup = (typeof IO_GROUPS)[number];

/** The FMS-view key of an element: the columns the engine views know by meaning. */
export const FMS_KEYS = [
  'fuelLevelPercent', 'fuelLevelLitres', 'fuelUsed', 'fuelRate', 'engineHours', 'odometer', 'totalMileage', 'coolantTemp',
  'rpm', 'canSpeed', 'axle1', 'axle2', 'axle3', 'axle4', 'axle5', 'adBluePercent', 'adBlueLitres', 'serviceDistance',
  'accelerator', 'engineLoad', 'externalVoltage', 'batteryVoltage', 'dtcCount', 'obdDtcCount',
] as const;
export type FmsKey = (typeof FMS_KEYS)[number];

export interface IoEntry {
  id: number;
  name: string;
  /** '' when the value has no unit (a count, a state). */
  unit: string;
  /** Raw value × scale = value in `unit`. */
  scale: number;
  /** Decimals the value is shown with. */
  decimals: number;
  group: IoGroup;
  fms?: FmsKey;
  /** The raw value is a two's complement number of this many bits (the vendor's "Signed" type). */
  signedBits?: 8 | 16 | 32;
}

type Row = [id: number, name: string, unit: string, scale: number, decimals: number, group: IoGroup, fms?: FmsKey, signedBits?: 8 | 16 | 32];

/* Names of ids that IO_NAMES had before the catalogue are kept word for word (getdatapoint answers). */
const ROWS: readonly Row[] = [
  [1, 'Digital input 1', '', 1, 0, 'inputs'], [2, 'Digital input 2', '', 1, 0, 'inputs'],
  [3, 'Digital input 3', '', 1, 0, 'inputs'], [4, 'Digital input 4', '', 1, 0, 'inputs'],
  [9, 'Analog input 1', 'V', 0.001, 2, 'inputs'], [179, 'Digital output 1', '', 1, 0, 'inputs'],
  [180, 'Digital output 2', '', 1, 0, 'inputs'],
  [10, 'SD status', '', 1, 0, 'device'], [11, 'ICCID1', '', 1, 0, 'device'], [17, 'Axis X', 'mG', 1, 0, 'device'],
  [18, 'Axis Y', 'mG', 1, 0, 'device'], [19, 'Axis Z', 'mG', 1, 0, 'device'], [21, 'GSM signal', '', 1, 0, 'device'],
  [66, 'External voltage', 'V', 0.001, 2, 'device', 'externalVoltage'],
  [67, 'Battery voltage', 'V', 0.001, 2, 'device', 'batteryVoltage'], [68, 'Battery current', 'A', 0.001, 3, 'device'],
  [69, 'GNSS status', '', 1, 0, 'device'], [78, 'iButton', '', 1, 0, 'device'], [80, 'Data mode', '', 1, 0, 'device'],
  [113, 'Battery level', '%', 1, 0, 'device'], [181, 'GNSS PDOP', '', 0.1, 1, 'device'], [182, 'GNSS HDOP', '', 0.1, 1, 'device'],
  [200, 'Sleep mode', '', 1, 0, 'device'], [205, 'GSM cell id', '', 1, 0, 'device'], [206, 'GSM area code', '', 1, 0, 'device'],
  [241, 'Active GSM operator', '', 1, 0, 'device'], [252, 'Unplug', '', 1, 0, 'device'],
  [16, 'Total odometer', 'km', 0.001, 0, 'driving', 'odometer'], [24, 'Speed', 'km/h', 1, 0, 'driving'],
  [81, 'Vehicle speed (CAN)', 'km/h', 1, 0, 'driving', 'canSpeed'],
  [82, 'Accelerator pedal position', '%', 1, 0, 'driving', 'accelerator'],
  [87, 'Total mileage (CAN)', 'km', 0.001, 0, 'driving', 'totalMileage'], [199, 'Trip odometer', 'km', 0.001, 1, 'driving'],
  [239, 'Ignition', '', 1, 0, 'driving'], [240, 'Movement', '', 1, 0, 'driving'], [250, 'Trip', '', 1, 0, 'driving'],
  [251, 'Idling', '', 1, 0, 'driving'], [253, 'Green driving type', '', 1, 0, 'driving'],
  [254, 'Green driving value', 'g', 0.01, 2, 'driving'], [255, 'Over speeding', 'km/h', 1, 0, 'driving'],
  [85, 'Engine RPM (CAN)', 'rpm', 1, 0, 'engine', 'rpm'], [102, 'Engine worktime', 'h', 1 / 60, 1, 'engine', 'engineHours'],
  [114, 'Engine load', '%', 1, 0, 'engine', 'engineLoad'],
  [115, 'Engine coolant temperature', '°C', 0.1, 1, 'engine', 'coolantTemp', 16],
  [83, 'Fuel consumed (CAN)', 'l', 0.1, 1, 'fuel', 'fuelUsed'], [84, 'Fuel level (CAN, litres)', 'l', 0.1, 1, 'fuel', 'fuelLevelLitres'],
  [89, 'Fuel level (CAN, %)', '%', 1, 0, 'fuel', 'fuelLevelPercent'], [110, 'Fuel rate', 'l/h', 0.1, 1, 'fuel', 'fuelRate'],
  [111, 'AdBlue level (%)', '%', 1, 0, 'emissions', 'adBluePercent'],
  [112, 'AdBlue level (litres)', 'l', 0.1, 1, 'emissions', 'adBlueLitres'],
  [118, 'Axle 1 load', 'kg', 1, 0, 'axles', 'axle1'], [119, 'Axle 2 load', 'kg', 1, 0, 'axles', 'axle2'],
  [120, 'Axle 3 load', 'kg', 1, 0, 'axles', 'axle3'], [121, 'Axle 4 load', 'kg', 1, 0, 'axles', 'axle4'],
  [122, 'Axle 5 load', 'kg', 1, 0, 'axles', 'axle5'],
  [400, 'Distance to next service', 'km', 1, 0, 'service', 'serviceDistance'],
  [30, 'Number of DTC (OBD)', '', 1, 0, 'faults', 'obdDtcCount'], [160, 'DTC faults (CAN)', '', 1, 0, 'faults', 'dtcCount'],
  [281, 'Fault codes', '', 1, 0, 'faults'],
];

const entryOf = ([id, name, unit, scale, decimals, group, fms, signedBits]: Row): IoEntry => ({
  id, name, unit, scale, decimals, group, ...(fms ? { fms } : {}), ...(signedBits ? { signedBits } : {}),
});

/** The default catalogue, by id (frozen: callers get copies through ioCatalogue). */
export const DEFAULT_IO_CATALOGUE: ReadonlyMap<number, Readonly<IoEntry>> = new Map(ROWS.map((r) => [r[0], Object.freeze(entryOf(r))]));

/** One element a unit type adds or renames (unit_types.io_catalogue: {"<id>": this}). */
export const ioCatalogueEntrySchema = z.strictObject({
  name: z.string().trim().min(1, 'a name is needed').max(60, 'a name is at most 60 characters'),
  unit: z.string().trim().max(12, 'a unit is at most 12 characters'),
  scale: z.number().finite().refine((v) => v !== 0, 'a scale of 0 would read every value as 0'),
  decimals: z.number().int().min(0).max(6, 'at most 6 decimals'),
  group: z.enum(IO_GROUPS).optional(),
  fms: z.enum(FMS_KEYS).optional(),
});
export type IoCatalogueEntry = z.infer<typeof ioCatalogueEntrySchema>;

/** A unit type's extension: at most 200 elements, keyed by IO id (0-65535). */
export const ioCatalogueExtraSchema = z.record(
  z.string().regex(/^\d{1,5}$/, 'an IO id is a whole number').refine((k) => Number(k) <= 65_535, 'an IO id is at most 65535'),
  ioCatalogueEntrySchema,
).refine((o) => Object.keys(o).length <= 200, 'at most 200 IO elements per unit type');
export type IoCatalogueExtra = z.infer<typeof ioCatalogueExtraSchema>;

/**
 * The catalogue for a unit type: the defaults with its extension (unit_types.io_catalogue) merged
 * over them. An extension that does not parse is ignored as a whole (the defaults stand), as the IO
 * map's is: the estate call validates what is saved, so only a hand-edited row can be malformed.
 */
export function ioCatalogue(unitTypeExtra?: unknown): Map<number, IoEntry> {
  const out = new Map<number, IoEntry>([...DEFAULT_IO_CATALOGUE].map(([id, e]) => [id, { ...e }]));
  const parsed = ioCatalogueExtraSchema.safeParse(unitTypeExtra ?? {});
  if (!parsed.success) return out;
  for (const [key, e] of Object.entries(parsed.data)) {
    const id = Number(key);
    const base = out.get(id);
    // An extension that moves a meaning (fms) takes it from the element that had it.
    if (e.fms) for (const other of out.values()) if (other.fms === e.fms && other.id !== id) delete other.fms;
    const fms = e.fms ?? base?.fms;
    out.set(id, {
      id, name: e.name, unit: e.unit, scale: e.scale, decimals: e.decimals, group: e.group ?? base?.group ?? 'device',
      ...(fms ? { fms } : {}),
      // A renamed element keeps its signedness only when its scale is the vendor's (same reading).
      ...(base?.signedBits && base.scale === e.scale ? { signedBits: base.signedBits } : {}),
    });
  }
  return out;
}

/** A value as stored in positions.io / unit_state.io as a number, or null (absent, text, hex). */
function rawNumber(value: number | string | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** The value of one element in its unit (scaled, sign applied, rounded to its decimals); null when absent or not a number. */
export function readIo(entry: IoEntry, value: number | string | undefined): number | null {
  let raw = rawNumber(value);
  if (raw === null) return null;
  if (entry.signedBits) {
    const span = 2 ** entry.signedBits;
    if (raw >= span / 2 && raw < span) raw -= span;
  }
  const f = 10 ** entry.decimals;
  return Math.round(raw * entry.scale * f) / f;
}

/** An element's value as people read it: '87.5 °C', '1,450 rpm', '3' (no unit). */
export function ioValueText(entry: IoEntry, value: number): string {
  const n = value.toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: entry.decimals });
  return entry.unit === '' ? n : entry.unit === '%' ? `${n} %` : `${n} ${entry.unit}`;
}

/** One element of a report read through the catalogue. */
export interface IoReading {
  id: number;
  name: string;
  unit: string;
  group: IoGroup;
  fms: FmsKey | null;
  value: number;
  text: string;
}

/** The numeric elements of a report that the catalogue knows, read in their units, by id. */
export function readIoElements(io: Record<string, number | string>, catalogue: ReadonlyMap<number, IoEntry>): IoReading[] {
  const out: IoReading[] = [];
  for (const [key, raw] of Object.entries(io)) {
    if (!/^\d+$/.test(key)) continue;
    const entry = catalogue.get(Number(key));
    if (!entry) continue;
    const value = readIo(entry, raw);
    if (value === null) continue;
    out.push({ id: entry.id, name: entry.name, unit: entry.unit, group: entry.group, fms: entry.fms ?? null, value, text: ioValueText(entry, value) });
  }
  return out.sort((a, b) => a.id - b.id);
}
