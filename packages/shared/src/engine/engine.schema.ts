import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, int, num, text } from '../api/primitives.ts';
import { fmsDataSchema } from '../units/units.schema.ts';

/*
 * Engine data (issue 16, item 1): the fleet's latest FMS/CAN values read through the IO catalogue
 * (packages/protocols io-catalogue.ts), and a unit type's additions to that catalogue.
 */

/** The catalogue's groups (the same list as IO_GROUPS in packages/protocols; a server test holds them equal). */
export const IO_GROUP_NAMES = ['engine', 'fuel', 'axles', 'emissions', 'service', 'faults', 'driving', 'device', 'inputs'] as const;
export type IoGroupName = (typeof IO_GROUP_NAMES)[number];

/**
 * One IO element a unit type adds to the catalogue or renames (the estate's unit type editor):
 * raw value × scale = value in unit, shown with `decimals`.
 */
export const ioCatalogueRowSchema = z.strictObject({
  id: int(0, 65_535),
  name: text(60).trim().min(1, 'a name is needed'),
  unit: text(12).trim(),
  scale: num(-1_000_000, 1_000_000).refine((v) => v !== 0, 'a scale of 0 would read every value as 0'),
  decimals: int(0, 6),
  group: z.enum(IO_GROUP_NAMES).optional(),
});
export type IoCatalogueRow = z.infer<typeof ioCatalogueRowSchema>;
/** A unit type's rows, each IO id once. */
export const ioCatalogueRowsSchema = z.array(ioCatalogueRowSchema).max(200, 'at most 200 IO elements per unit type')
  .refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, 'each IO element may be listed once');

/** One latest value read through the catalogue, with its unit. */
export const fmsReadingSchema = z.object({
  /** The column it belongs in: the FMS meaning ('coolantTemp') or 'io<id>' for an element without one. */
  key: z.string(),
  id: z.number(),
  name: z.string(),
  unit: z.string(),
  group: z.string(),
  value: z.number(),
  /** The value as people read it, with its unit ('82.5 °C'). */
  text: z.string(),
});
export type FmsReading = z.infer<typeof fmsReadingSchema>;

/** A vehicle's latest engine data: only what its unit reports. */
export const fmsVehicleSchema = z.object({
  unitid: z.number(),
  registration: z.string(),
  unittype: z.string(),
  /** When the unit's latest report (the values' source) was made; null: it never reported. */
  updated: z.string().nullable(),
  /** Active fault codes as the device sent them. */
  faultcodes: z.array(z.string()),
  values: z.array(fmsReadingSchema),
});
export type FmsVehicle = z.infer<typeof fmsVehicleSchema>;

/** A column of the fleet table: a catalogue element some vehicle of the site reports. */
export const fmsColumnSchema = z.object({ key: z.string(), name: z.string(), unit: z.string(), group: z.string() });
export type FmsColumn = z.infer<typeof fmsColumnSchema>;

export const fmsVehiclesQuerySchema = z.strictObject({ siteid: id });
export const fmsVehiclesAnswerSchema = success({ columns: z.array(fmsColumnSchema), vehicles: z.array(fmsVehicleSchema) });

export const lastFmsV2QuerySchema = z.strictObject({ uid: id });
/** lastfmsv2data: the fields it always had, with the registration and every catalogue value (all groups). */
export const lastFmsV2AnswerSchema = success({
  fms: fmsDataSchema.extend({ registration: z.string(), unittype: z.string(), values: z.array(fmsReadingSchema) }),
});

/** Live engine data for a site's open browsers ('fms:update'): the vehicles whose values changed. */
export type FmsUpdateEvent = FmsVehicle[];
