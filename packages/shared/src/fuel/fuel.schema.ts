import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { datetime, id } from '../api/primitives.ts';
import { unitSystemSchema } from '../rules/units.ts';

/**
 * Fuel monitor (issue 16): a vehicle's fuel level over a range, the refuels and drops the
 * detection found (packages/shared/src/fuel/fuel-detect.ts), consumption, CSV export. Times are
 * ISO 8601 UTC; levels and amounts in litres; distances km; the site's unit system comes with the
 * answers that people read.
 */

/** The longest range a fuel call covers at once, in days. */
export const FUEL_MAX_DAYS = 93;
/** The most points the level series answers (the chart's width several times over). */
export const FUEL_MAX_POINTS = 2000;

function rangeCheck(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (!(to > from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
  else if (to - from > FUEL_MAX_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `the range must be at most ${FUEL_MAX_DAYS} days` });
  }
}

/** fuelvehicles?siteid: the site's vehicles that report a fuel level. */
export const fuelVehiclesQuerySchema = z.strictObject({ siteid: id });
export const fuelVehicleSchema = z.object({
  uid: z.number(),
  registration: z.string(),
  /** The tank's size, litres; null: not set (units config list). */
  tankLitres: z.number().nullable(),
  /** The latest level as the unit reports it, and in which unit ('%' or 'l'). */
  level: z.number().nullable(),
  levelUnit: z.enum(['%', 'l']),
});
export type FuelVehicle = z.infer<typeof fuelVehicleSchema>;
export const fuelVehiclesAnswerSchema = success({ unitSystem: unitSystemSchema, vehicles: z.array(fuelVehicleSchema) });
export type FuelVehiclesAnswer = z.infer<typeof fuelVehiclesAnswerSchema>;

/** fuellevels?uid&from&to: the level series, downsampled keeping each bucket's lowest and highest. */
export const fuelLevelsQuerySchema = z.strictObject({ uid: id, from: datetime, to: datetime }).superRefine(rangeCheck);
export type FuelLevelsQuery = z.infer<typeof fuelLevelsQuerySchema>;
export const fuelLevelsAnswerSchema = success({
  uid: z.number(),
  tankLitres: z.number().nullable(),
  /** 'l': litres; '%': the unit reports per cent and no tank size is set, so litres are unknown. */
  unit: z.enum(['l', '%']),
  /** Device times, ms since the epoch, and the levels at them (same length). */
  t: z.array(z.number()),
  level: z.array(z.number()),
  /** How many readings the range held before downsampling. */
  readings: z.number(),
});
export type FuelLevelsAnswer = z.infer<typeof fuelLevelsAnswerSchema>;

/** fuelevents?siteid&uid?&from&to: refuels and drops of the site (or one vehicle of it), newest first. */
export const fuelEventsQuerySchema = z.strictObject({ siteid: id, uid: id.optional(), from: datetime, to: datetime }).superRefine(rangeCheck);
export type FuelEventsQuery = z.infer<typeof fuelEventsQuerySchema>;
export const fuelEventSchema = z.object({
  id: z.number(),
  uid: z.number(),
  registration: z.string(),
  kind: z.enum(['refuel', 'drop']),
  start: z.string(),
  end: z.string(),
  before: z.number(),
  after: z.number(),
  litres: z.number(),
  lat: z.number(),
  lon: z.number(),
  /** Where, in words (the nearest place or town). */
  loc: z.string(),
});
export type FuelEvent = z.infer<typeof fuelEventSchema>;
export const fuelEventsAnswerSchema = success({ unitSystem: unitSystemSchema, events: z.array(fuelEventSchema) });
export type FuelEventsAnswer = z.infer<typeof fuelEventsAnswerSchema>;

/** fuelexport?siteid&uid?&from&to: the same events as CSV. */
export const fuelExportQuerySchema = fuelEventsQuerySchema;

/** fuelsummary?uid&from&to: a vehicle's consumption over the range. */
export const fuelSummaryQuerySchema = fuelLevelsQuerySchema;
export const fuelSummaryAnswerSchema = success({
  uid: z.number(),
  unitSystem: unitSystemSchema,
  /** 'counter': the fuel used counter (IO 83); 'level': level difference plus refuels minus drops; 'none': no fuel figures. */
  source: z.enum(['counter', 'level', 'none']),
  litres: z.number(),
  distanceKm: z.number(),
  engineHours: z.number(),
  per100km: z.number().nullable(),
  perHour: z.number().nullable(),
  refuels: z.number(),
  refuelLitres: z.number(),
  drops: z.number(),
  dropLitres: z.number(),
});
export type FuelSummaryAnswer = z.infer<typeof fuelSummaryAnswerSchema>;
