import { z } from 'zod';
import { idParam, success } from '../api/envelope.ts';
import { parseCentre } from '../rules/geo.ts';

const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);
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
  id: idParam.optional(),
  name: z.string().trim().min(1, 'Give the place a name').max(120),
  mode: z.union([z.literal(1), z.literal(2)]),
  gp: z.string().max(60).optional(),
  radius: z.number().min(10, 'A circle is at least 10 m across its radius').max(50_000, 'A circle is at most 50 km in radius').optional(),
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

export const quickPoiBodySchema = z.strictObject({ name: z.string().trim().min(1).max(120), lng: lon, lat });
export const poiIdQuerySchema = z.strictObject({ id: idParam });
export const poiIdBodySchema = z.strictObject({ id: idParam });
export const searchPoiQuerySchema = z.strictObject({ s: z.string().trim().min(1).max(120) });
export const geofenceAnswerSchema = success({ poi: poiSchema });

export const addGroupBodySchema = z.strictObject({ name: z.string().trim().min(1, 'Give the group a name').max(80) });
export const addGroupAnswerSchema = success({ id: z.number() });
export const groupUnitsBodySchema = z.strictObject({ id: idParam, units: z.array(idParam).max(10_000) });
