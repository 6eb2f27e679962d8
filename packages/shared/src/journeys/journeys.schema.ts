import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { bigId, date, datetime, id } from '../api/primitives.ts';
import { unitSystemSchema } from '../rules/units.ts';

/**
 * Journeys (issue 12): a day's trips and stops of a vehicle or a driver, the positions behind
 * them, one position with its IO values, and the events of a trip. Days are days in the time zone
 * of the unit's site (a driver: the driver's site); times are ISO 8601 UTC with milliseconds;
 * speeds km/h, distances metres, durations seconds.
 */

/** The longest span tripevents answers, in hours (a trip is rarely longer than a working day). */
export const TRIP_EVENTS_MAX_HOURS = 48;
/** The most days the trips call covers at once (a month of a site's vehicles). */
export const TRIPS_MAX_DAYS = 31;

function oneSubject(q: { v?: number | undefined; driver?: number | undefined }, ctx: z.RefinementCtx): void {
  if (q.v !== undefined && q.driver !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['driver'], message: 'give either v (a vehicle) or driver, not both' });
  } else if (q.v === undefined && q.driver === undefined) {
    ctx.addIssue({ code: 'custom', path: ['v'], message: 'give v (a vehicle) or driver' });
  }
}

/** activity?d&v | &driver: exactly one of v (a unit id) or driver (a driver id). */
export const activityQuerySchema = z.strictObject({ d: date, v: id.optional(), driver: id.optional() }).superRefine(oneSubject);
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
/** data?d&v | &driver: the same subject and day as activity. */
export const dataQuerySchema = activityQuerySchema;
export type DataQuery = ActivityQuery;

/** One trip or stop; whole even where it runs past the day's bounds. */
export const segmentSchema = z.object({
  id: z.number(),
  kind: z.enum(['trip', 'stop']),
  open: z.boolean(),
  unitid: z.number(),
  registration: z.string(),
  start: z.string(),
  end: z.string(),
  durationS: z.number(),
  startLat: z.number(),
  startLon: z.number(),
  endLat: z.number(),
  endLon: z.number(),
  startLoc: z.string(),
  endLoc: z.string(),
  distanceM: z.number(),
  drivingS: z.number(),
  idleS: z.number(),
  maxSpeed: z.number(),
  avgSpeed: z.number(),
  driverid: z.number().nullable(),
  driver: z.string().nullable(),
  startOdometer: z.number().nullable(),
  endOdometer: z.number().nullable(),
  startEngineHours: z.number().nullable(),
  endEngineHours: z.number().nullable(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const activitySubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('vehicle'), unitid: z.number(), registration: z.string(), unittype: z.number() }),
  z.object({ kind: z.literal('driver'), driverid: z.number(), name: z.string() }),
]);
export type ActivitySubject = z.infer<typeof activitySubjectSchema>;

export const activityAlertSchema = z.object({
  aid: z.number(),
  kind: z.string(),
  time: z.string(),
  unitid: z.number(),
  registration: z.string(),
  text: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type ActivityAlert = z.infer<typeof activityAlertSchema>;

/** A geofence visit from enter / exit alerts; null where the day holds only one end of it. */
export const visitSchema = z.object({ poiid: z.number(), name: z.string(), unitid: z.number(), enter: z.string().nullable(), exit: z.string().nullable() });
export type Visit = z.infer<typeof visitSchema>;

/** A phone's (unit type 6) check-in: one position of the day. */
export const checkinSchema = z.object({ time: z.string(), lat: z.number(), lon: z.number(), loc: z.string() });
export type Checkin = z.infer<typeof checkinSchema>;

/** Counted on the part of each segment inside the day. */
export const activityTotalsSchema = z.object({
  trips: z.number(),
  distanceM: z.number(),
  drivingS: z.number(),
  idleS: z.number(),
  stopS: z.number(),
  maxSpeed: z.number(),
  firstStart: z.string().nullable(),
  lastEnd: z.string().nullable(),
});
export type ActivityTotals = z.infer<typeof activityTotalsSchema>;

export const activityAnswerSchema = success({
  day: z.string(),
  timezone: z.string(),
  unitSystem: unitSystemSchema,
  from: z.string(),
  to: z.string(),
  subject: activitySubjectSchema,
  segments: z.array(segmentSchema),
  alerts: z.array(activityAlertSchema),
  visits: z.array(visitSchema),
  checkins: z.array(checkinSchema),
  totals: activityTotalsSchema,
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;

/** A track's positions as parallel arrays, oldest first (columnar: a 1 Hz day stays small). */
export const trackPointsSchema = z.object({
  id: z.array(z.string()),
  t: z.array(z.number()),
  lat: z.array(z.number()),
  lon: z.array(z.number()),
  speed: z.array(z.number()),
  angle: z.array(z.number()),
  ign: z.array(z.union([z.literal(0), z.literal(1), z.null()])),
});
export type TrackPoints = z.infer<typeof trackPointsSchema>;

export const trackSchema = z.object({ unitid: z.number(), registration: z.string(), unittype: z.number(), points: trackPointsSchema });
export type Track = z.infer<typeof trackSchema>;

export const dataAnswerSchema = success({ day: z.string(), timezone: z.string(), from: z.string(), to: z.string(), tracks: z.array(trackSchema) });
export type DataAnswer = z.infer<typeof dataAnswerSchema>;

/** getdatapoint?id&dt&v: dt (the position's device time) lets the time-partitioned log read one month. */
export const getDataPointQuerySchema = z.strictObject({ id: bigId, dt: datetime, v: id });
export type GetDataPointQuery = z.infer<typeof getDataPointQuerySchema>;

export const ioValueSchema = z.object({ id: z.string(), name: z.string(), value: z.union([z.number(), z.string(), z.boolean()]), text: z.string() });
export type IoValue = z.infer<typeof ioValueSchema>;

export const dataPointSchema = z.object({
  id: z.string(),
  unitid: z.number(),
  registration: z.string(),
  time: z.string(),
  receivedAt: z.string(),
  lat: z.number(),
  lon: z.number(),
  altitude: z.number(),
  angle: z.number(),
  satellites: z.number(),
  speed: z.number(),
  priority: z.number(),
  eventIo: z.number(),
  protocol: z.string(),
  implausible: z.string().nullable(),
  loc: z.string(),
  io: z.array(ioValueSchema),
});
export type DataPoint = z.infer<typeof dataPointSchema>;
export const getDataPointAnswerSchema = success({ point: dataPointSchema });

/** tripevents: the events of a vehicle between from and to (a trip, or any span up to 48 h). */
export const tripEventsBodySchema = z.strictObject({
  events: z.strictObject({ v: id, from: datetime, to: datetime }).superRefine((e, ctx) => {
    const from = Date.parse(e.from);
    const to = Date.parse(e.to);
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (!(from < to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (to - from > TRIP_EVENTS_MAX_HOURS * 3_600_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the span from … to is at most ${TRIP_EVENTS_MAX_HOURS} hours` });
    }
  }),
});
export type TripEventsBody = z.infer<typeof tripEventsBodySchema>;

export const tripEventSchema = z.object({
  time: z.string(),
  kind: z.enum(['alert', 'geofence', 'ignition', 'stop']),
  text: z.string(),
  lat: z.number(),
  lon: z.number(),
  aid: z.number().optional(),
});
export type TripEvent = z.infer<typeof tripEventSchema>;
export const tripEventsAnswerSchema = success({ events: z.array(tripEventSchema) });

/** trips?siteid&from&to[&v]: a site's trips over at most 31 days (days in the site's time zone, both included). */
export const tripsQuerySchema = z.strictObject({ siteid: id, from: date, to: date, v: id.optional() }).superRefine((q, ctx) => {
  const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
  if (Number.isNaN(dayMs(q.from)) || Number.isNaN(dayMs(q.to))) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  else {
    const days = (dayMs(q.to) - dayMs(q.from)) / 86_400_000 + 1;
    if (days > TRIPS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `the span from … to is at most ${TRIPS_MAX_DAYS} days` });
  }
});
export type TripsQuery = z.infer<typeof tripsQuerySchema>;

export const vehicleTripTotalsSchema = z.object({
  unitid: z.number(),
  registration: z.string(),
  trips: z.number(),
  distanceM: z.number(),
  drivingS: z.number(),
  idleS: z.number(),
});
export type VehicleTripTotals = z.infer<typeof vehicleTripTotalsSchema>;
export const tripsAnswerSchema = success({ from: z.string(), to: z.string(), trips: z.array(segmentSchema), vehicles: z.array(vehicleTripTotalsSchema) });
export type TripsAnswer = z.infer<typeof tripsAnswerSchema>;
