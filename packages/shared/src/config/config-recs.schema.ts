import { z } from 'zod';
import { date, id, int, num, text } from '../api/primitives.ts';

/**
 * The records of the issue 15 configuration lists (room B): what updateconfigrecord's `rec` holds for
 * drivers, units, groups, poi, workinghours and serviceplans (scheduledreports takes
 * saveScheduledReportBodySchema; vcls and shiftpatterns have their own). configrecord answers the
 * same shape plus the record's `id`.
 */

const named = (max: number) => text(max).trim().min(1, 'must have a name');
/** Empty text is no value. */
const optionalText = (max: number) => text(max).trim().transform((s) => (s === '' ? null : s)).nullable();

/** drivers: the driver's name, tag (key fob / card id) and own shift pattern (null: the site's default). */
export const driverRecSchema = z.strictObject({
  name: named(80),
  tag: optionalText(40).default(null),
  shiftpattern: id.nullable().default(null),
});
export type DriverRec = z.infer<typeof driverRecSchema>;

/** units: a live unit of the site. The device id is set when the unit is added and cannot change afterwards. */
export const unitRecSchema = z.strictObject({
  registration: text(20).trim().min(1, 'must have a registration'),
  deviceid: text(40).trim().min(1, 'must have the device id').regex(/^[A-Za-z0-9_.:-]+$/, 'may hold letters, digits and . _ : - only'),
  unittype: id,
  icon: text(60).trim().default(''),
  driver: id.nullable().default(null),
  /** The fuel tank's size in litres (issue 16: the fuel monitor's thresholds; % readings into litres); null: not known. */
  tanklitres: num(5, 5000, { min: 'a fuel tank holds at least 5 litres', max: 'a fuel tank holds at most 5,000 litres' }).nullable().default(null),
});
export type UnitRec = z.infer<typeof unitRecSchema>;

/** groups: a name and the member vehicles (unit ids of the site). */
export const groupRecSchema = z.strictObject({
  name: named(80),
  units: z.array(id).max(10_000, 'must hold at most 10,000 vehicles').default([]),
});
export type GroupRec = z.infer<typeof groupRecSchema>;

const lat = num(-90, 90);
const lon = num(-180, 180);
/** poi: a circle (mode 1: centre lat/lon, radius in metres) or a polygon (mode 2: points, x longitude, y latitude). */
export const poiRecSchema = z.strictObject({
  name: named(120),
  mode: z.union([z.literal(1), z.literal(2)]),
  lat: lat.nullable().default(null),
  lon: lon.nullable().default(null),
  radius: num(10, 50_000, { min: 'a circle is at least 10 m in radius', max: 'a circle is at most 50 km in radius' }).nullable().default(null),
  points: z.array(z.object({ x: lon, y: lat })).max(500, 'must hold at most 500 points').default([]),
  showonmap: z.boolean().default(true),
  geofence: z.boolean().default(false),
}).superRefine((r, ctx) => {
  if (r.mode === 1) {
    if (r.lat === null) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'a circle needs the latitude of its centre' });
    if (r.lon === null) ctx.addIssue({ code: 'custom', path: ['lon'], message: 'a circle needs the longitude of its centre' });
    if (r.radius === null) ctx.addIssue({ code: 'custom', path: ['radius'], message: 'a circle needs a radius in metres' });
  } else if (r.points.length < 3) {
    ctx.addIssue({ code: 'custom', path: ['points'], message: 'a polygon needs at least 3 points' });
  }
});
export type PoiRec = z.infer<typeof poiRecSchema>;

const hhmm = text(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');
/** workinghours: the site's one record (its id is the site's id): working days (1 Monday … 7 Sunday) and hours. */
export const workingHoursRecSchema = z.strictObject({
  days: z.array(int(1, 7)).max(7).refine((d) => new Set(d).size === d.length, 'must not list a day twice'),
  start: hhmm,
  end: hhmm,
});
export type WorkingHoursRec = z.infer<typeof workingHoursRecSchema>;

/** serviceplans: one per live unit (its id is the unit's id): due at a date, an odometer reading (km) or engine hours. */
export const servicePlanRecSchema = z.strictObject({
  date: date.nullable().default(null),
  km: num(0, 10_000_000).nullable().default(null),
  hours: num(0, 1_000_000).nullable().default(null),
});
export type ServicePlanRec = z.infer<typeof servicePlanRecSchema>;
