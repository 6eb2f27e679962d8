import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id } from '../api/primitives.ts';
import { poiSchema } from '../poi/poi.schema.ts';
import { workingHoursSchema } from '../rules/working-hours.ts';

/** An asset's allowed hours as stored and answered (the shape of a site's working hours). */
const hoursSchema = z.object({ days: z.array(z.number()), start: z.string(), end: z.string() });

/**
 * One asset tracker as assets?siteid answers it (issue 16): its name (registration), last ping
 * (the device time of its latest report, ISO; null: never), battery, movement (the movement input,
 * null: not reported) and location code with the place text, last position, its own allowed hours
 * and place (null: the site's hours / anywhere; `guarded`: it has rules of its own) and its open
 * Asset Movement alert.
 */
export const assetSchema = z.object({
  unitid: z.number(),
  registration: z.string(),
  vicon: z.string(),
  updated: z.string().nullable(),
  batteryvolts: z.number().nullable(),
  batterypercent: z.number().nullable(),
  batterylow: z.boolean(),
  moving: z.boolean().nullable(),
  loccode: z.enum(['movementEnded', 'assetPing', 'assetMovement']).nullable(),
  loc: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  hours: hoursSchema.nullable(),
  poiid: z.number().nullable(),
  poiname: z.string().nullable(),
  guarded: z.boolean(),
  alert: z.object({ aid: z.number(), happened: z.string(), detail: z.string() }).nullable(),
});
export type Asset = z.infer<typeof assetSchema>;

/**
 * assets?siteid: the site's asset trackers, its zone and working hours (the default allowed hours)
 * and its places with an area, each with its shape as the POI answers carry it (the page draws an
 * asset's allowed place on its map without a call per place).
 */
export const assetsAnswerSchema = success({
  timezone: z.string(),
  sitehours: hoursSchema,
  places: z.array(poiSchema),
  assets: z.array(assetSchema),
});
export type AssetsAnswer = z.infer<typeof assetsAnswerSchema>;

/**
 * saveassetrules: an asset tracker's allowed hours (null: the site's working hours) and allowed
 * place (a POI of its site with an area; null: anywhere). Both are set each time. A start equal to
 * the end allows the whole of each day named; an end before the start runs over midnight.
 */
export const saveAssetRulesBodySchema = z.strictObject({
  uid: id,
  hours: workingHoursSchema.strict()
    .refine((h) => new Set(h.days).size === h.days.length, { message: 'each day only once', path: ['days'] })
    .nullable(),
  poiid: id.nullable(),
});
export type SaveAssetRulesBody = z.infer<typeof saveAssetRulesBodySchema>;
