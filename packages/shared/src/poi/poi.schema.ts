import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, num, text } from '../api/primitives.ts';
import { parseCentre } from '../rules/geo.ts';

const lat = num(-90, 90);
const lon = num(-180, 180);
const point = z.object({ x: lon, y: lat });

/**
 * One place as poi?siteid, searchpoi and getgeofence answer it: the spec's fields (name, mode,
 * gp 'lat,lon' and radius for a circle, geo.points for a polygon, showonmap) plus its id and
 * `geofence` (entries and exits raise alerts), so a list needs no call per place.
 */
export const poiSchema = z.object({
  id: z.number(),
  name: z.string(),
  mode: z.union([z.literal(1), z.literal(2)]),
  gp: z.string().nullable(),
  radius: z.number().nullable(),
  geo: z.object({ points: z.array(z.object({ x: z.number(), y: z.number() })) }).nullable(),
  showonmap: z.boolean(),
  geofence: z.boolean(),
});
export type Poi = z.infer<typeof poiSchema>;
export const poiAnswerSchema = success({ poi: z.array(poiSchema) });

/**
 * savepoi / savegeofence: a circle (mode 1: centre gp 'lat,lon', radius in metres) or a polygon
 * (mode 2: geo.points as x = longitude, y = latitude). With id it updates that POI, else creates one.
 */
export const savePoiBodySchema = z.strictObject({
  id: id.optional(),
  name: text(120).trim().min(1, 'Give the place a name'),
  mode: z.union([z.literal(1), z.literal(2)]),
  gp: text(60).optional(),
  radius: num(10, 50_000, { min: 'A circle is at least 10 m across its radius', max: 'A circle is at most 50 km in radius' }).optional(),
  geo: z.object({ points: z.array(point).min(3, 'A polygon needs at least 3 points').max(500) }).optional(),
  showonmap: z.boolean().optional(),
}).superRefine((b, ctx) => {
  if (b.mode === 1) {
    if (!parseCentre(b.gp)) ctx.addIssue({ code: 'custom', path: ['gp'], message: "a circle needs its centre as 'lat,lon'" });
    if (b.radius === undefined) ctx.addIssue({ code: 'custom', path: ['radius'], message: 'a circle needs a radius in metres' });
  } else if (!b.geo) {
    ctx.addIssue({ code: 'custom', path: ['geo'], message: 'a polygon needs geo.points' });
  }
});
export type SavePoiBody = z.infer<typeof savePoiBodySchema>;
export const savePoiAnswerSchema = success({ id: z.number() });

export const quickPoiBodySchema = z.strictObject({ name: text(120).trim().min(1), lng: lon, lat });
export const poiIdQuerySchema = z.strictObject({ id });
export const poiIdBodySchema = z.strictObject({ id });
export const searchPoiQuerySchema = z.strictObject({ s: text(120).trim().min(1) });
export const geofenceAnswerSchema = success({ poi: poiSchema });

export const addGroupBodySchema = z.strictObject({ name: text(80).trim().min(1, 'Give the group a name') });
export const addGroupAnswerSchema = success({ id: z.number() });
export const groupUnitsBodySchema = z.strictObject({ id, units: z.array(id).max(10_000) });
