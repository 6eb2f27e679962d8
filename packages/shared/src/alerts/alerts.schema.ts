import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { date, flagParam, id, num } from '../api/primitives.ts';
import { workingHoursSchema } from '../rules/working-hours.ts';

/** A vehicle geofence alert as the shell's banner shows it (spec 3: registration, updated, vehiclealarm). */
export const geofenceAlertSchema = z.object({
  unitid: z.number(),
  registration: z.string(),
  updated: z.string(),
  vehiclealarm: z.boolean(),
});
export type GeofenceAlert = z.infer<typeof geofenceAlertSchema>;

/** A panic alert (spec 3: vehicle, loc, updated, uid, aid); aid is the alert id, uid the unit id. */
export const panicAlertSchema = z.object({
  aid: z.number(),
  uid: z.number(),
  vehicle: z.string(),
  loc: z.string(),
  updated: z.string(),
});
export type PanicAlert = z.infer<typeof panicAlertSchema>;

/**
 * A device alarm in words (issue 13): the detail of a 'device' alert, whose event is the alarm word
 * a tracker reported (packages/protocols DEVICE_ALARMS; 'sos' is a panic, not a device alarm).
 */
export const DEVICE_ALARM_TEXT: Readonly<Record<string, string>> = {
  powerCut: 'Power cut', vibration: 'Vibration', overspeed: 'Over-speed', lowBattery: 'Low battery',
  lowPower: 'Low external power', tampering: 'Tampering',
};

/** Dashboard categories (spec 2); null where the feature behind a category is not built yet. device: open device alarms (issue 13). */
export const dashboardCountsSchema = z.object({
  panic: z.number(), zone: z.number(), spn: z.number(),
  vcl: z.number().nullable(), servicing: z.number().nullable(), runover: z.number().nullable(),
  device: z.number(),
});

/** dashalerts: the spec's panic string ('#' between records, '|' between vehicle|loc|updated|uid|aid), open geofence alerts, counts. */
export const dashAlertsAnswerSchema = z.object({
  ok: z.literal(1),
  panic: z.string(),
  geofence: z.array(geofenceAlertSchema.extend({ aid: z.number(), poi: z.string(), event: z.string() })),
  counts: dashboardCountsSchema,
});

export const alertListQuerySchema = z.strictObject({
  list: z.enum(['panic', 'zone', 'spn', 'runover', 'servicing', 'device']),
  id: id.optional(),
  open: flagParam.optional(),
});
export const alertRecordSchema = z.object({
  aid: z.number(), kind: z.string(), event: z.string(), uid: z.number(), vehicle: z.string(), poi: z.string(),
  loc: z.string(), updated: z.string(), lat: z.number(), lon: z.number(), detail: z.string(),
  cleared: z.string().nullable(), clearedby: z.string().nullable(),
  /** Recorded late, not raised: a report buffered long before it arrived; stored already cleared (issue 13). */
  late: z.boolean(),
});
export const alertListAnswerSchema = z.object({ ok: z.literal(1), alerts: z.array(alertRecordSchema) });

export const clearPanicBodySchema = z.strictObject({ aid: id });
export const clearVehicleAlarmBodySchema = z.strictObject({ uid: id });

/** clearalert: acknowledges one open alert of any kind on the caller's sites (Run Over, for one). */
export const clearAlertBodySchema = z.strictObject({ aid: id });

/** At most this many alerts are cleared by one clearalerts call (the most a list shows). */
export const MAX_CLEAR_ALERTS = 500;

/**
 * clearalerts: clears the listed open alerts of the session's current site together, or none
 * (one of them missing, or a panic, which is acknowledged one by one).
 */
export const clearAlertsBodySchema = z.strictObject({
  aids: z.array(id).min(1, 'name at least one alert').max(MAX_CLEAR_ALERTS, `at most ${MAX_CLEAR_ALERTS} alerts at a time`),
});

/** setserviceplan (administrators): a unit is due for service at a date, an odometer or engine hours. */
export const servicePlanBodySchema = z.strictObject({
  uid: id,
  duedate: date.nullable().optional(),
  duekm: num(0, 10_000_000).nullable().optional(),
  duehours: num(0, 1_000_000).nullable().optional(),
});

/** serviceplan?uid: a unit of the caller's sites. */
export const servicePlanQuerySchema = z.strictObject({ uid: id });

/**
 * A unit's service plan (null where not planned), its readings now (km from CAN total distance or
 * the tracker's odometer; engine hours) and whether it is due now, with the reasons in words.
 */
export const servicePlanAnswerSchema = success({
  uid: z.number(),
  duedate: z.string().nullable(),
  duekm: z.number().nullable(),
  duehours: z.number().nullable(),
  km: z.number().nullable(),
  hours: z.number().nullable(),
  due: z.boolean(),
  detail: z.string(),
});
export type ServicePlanAnswer = z.infer<typeof servicePlanAnswerSchema>;

/** workinghours: the current site's working hours and the time zone they are read in. */
export const workingHoursAnswerSchema = success({ ...workingHoursSchema.shape, timezone: z.string() });
export type WorkingHoursAnswer = z.infer<typeof workingHoursAnswerSchema>;
