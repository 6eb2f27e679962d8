import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id } from '../api/primitives.ts';
import { DRIVING_EVENT_KINDS } from './driving-events.ts';
import { SCORE_CATEGORIES } from './driving-score.ts';

/**
 * Driver performance calls (issue 16). `uid` is a unit (vehicle) id as in every other ?uid call;
 * the calls that also answer for a driver take `driver` (a driver id) instead — exactly one of the
 * two. Times are ISO 8601 UTC; weeks start on Monday in the site's time zone; distances km.
 */

/** Most weeks getscores answers. */
export const SCORES_MAX_WEEKS = 26;
/** Most trips getrecentperformance answers. */
export const RECENT_MAX_TRIPS = 50;

function oneSubject(q: { uid?: number | undefined; driver?: number | undefined }, ctx: z.RefinementCtx): void {
  if (q.uid !== undefined && q.driver !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['driver'], message: 'give either uid (a vehicle) or driver, not both' });
  } else if (q.uid === undefined && q.driver === undefined) {
    ctx.addIssue({ code: 'custom', path: ['uid'], message: 'give uid (a vehicle) or driver' });
  }
}

export const drivingEventKindSchema = z.enum(DRIVING_EVENT_KINDS);
export const scoreCategorySchema = z.enum(SCORE_CATEGORIES);
export const eventCountsSchema = z.object(Object.fromEntries(DRIVING_EVENT_KINDS.map((k) => [k, z.number()])) as Record<(typeof DRIVING_EVENT_KINDS)[number], z.ZodNumber>);
export const categoryRatesSchema = z.object(Object.fromEntries(SCORE_CATEGORIES.map((k) => [k, z.number()])) as Record<(typeof SCORE_CATEGORIES)[number], z.ZodNumber>);

/** A stretch's score: null when it is too short to judge (see MIN_TRIP_KM, MIN_PERIOD_KM). */
export const scoredSchema = z.object({
  km: z.number(),
  trips: z.number(),
  score: z.number().nullable(),
  counts: eventCountsSchema,
  per100km: categoryRatesSchema,
  worst: scoreCategorySchema.nullable(),
});
export type Scored = z.infer<typeof scoredSchema>;

export const drivingEventSchema = z.object({
  kind: drivingEventKindSchema,
  at: z.string(),
  end: z.string().nullable(),
  /** g (harsh events), km/h (speeding: the top; over speeding: as reported), s (idling), RPM (revving: the top). */
  value: z.number(),
  lat: z.number(),
  lon: z.number(),
  unitid: z.number(),
  registration: z.string(),
});
export type DrivingEventOut = z.infer<typeof drivingEventSchema>;

const subjectSchema = z.object({ kind: z.enum(['vehicle', 'driver']), id: z.number(), name: z.string() });

/** getscores?uid | &driver [&weeks]: the last `weeks` weeks (this one included), oldest first. */
export const scoresQuerySchema = z.strictObject({
  uid: id.optional(), driver: id.optional(), weeks: z.coerce.number().int().min(1).max(SCORES_MAX_WEEKS).default(8),
}).superRefine(oneSubject);
export type ScoresQuery = z.infer<typeof scoresQuerySchema>;
export const weekScoreSchema = scoredSchema.extend({ week: z.string() });
export type WeekScore = z.infer<typeof weekScoreSchema>;
export const scoresAnswerSchema = success({ subject: subjectSchema, timezone: z.string(), weeks: z.array(weekScoreSchema) });
export type ScoresAnswer = z.infer<typeof scoresAnswerSchema>;

/** gethud?uid: a vehicle's heads-up summary. */
export const hudQuerySchema = z.strictObject({ uid: id });
export const hudAnswerSchema = success({
  uid: z.number(),
  registration: z.string(),
  driver: z.string().nullable(),
  today: scoredSchema,
  week: scoredSchema,
  latest: z.array(drivingEventSchema),
});
export type HudAnswer = z.infer<typeof hudAnswerSchema>;

/** getrecentperformance?uid | &driver [&limit]: the latest trips, newest first, with their events. */
export const recentQuerySchema = z.strictObject({
  uid: id.optional(), driver: id.optional(), limit: z.coerce.number().int().min(1).max(RECENT_MAX_TRIPS).default(10),
}).superRefine(oneSubject);
export type RecentQuery = z.infer<typeof recentQuerySchema>;
export const recentTripSchema = scoredSchema.omit({ trips: true }).extend({
  id: z.number(),
  unitid: z.number(),
  registration: z.string(),
  driverid: z.number().nullable(),
  driver: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  events: z.array(drivingEventSchema),
});
export type RecentTrip = z.infer<typeof recentTripSchema>;
export const recentAnswerSchema = success({ trips: z.array(recentTripSchema) });
export type RecentAnswer = z.infer<typeof recentAnswerSchema>;

/** The league's periods: this week so far, last week, the last 4 or 12 weeks (this one included). */
export const LEAGUE_PERIODS = ['week', 'lastweek', '4weeks', '12weeks'] as const;
export type LeaguePeriod = (typeof LEAGUE_PERIODS)[number];
export const leagueQuerySchema = z.strictObject({ siteid: id, period: z.enum(LEAGUE_PERIODS).default('week') });
export type LeagueQuery = z.infer<typeof leagueQuerySchema>;
export const leagueRowSchema = scoredSchema.extend({
  /** 1 = best; null for a driver whose distance is too short to score (listed after the ranked). */
  rank: z.number().nullable(),
  driverid: z.number(),
  name: z.string(),
  vehicles: z.array(z.string()),
  /** Score change against the period before of the same length (null: either not scored). */
  trend: z.number().nullable(),
});
export type LeagueRow = z.infer<typeof leagueRowSchema>;
export const leagueAnswerSchema = success({ period: z.enum(LEAGUE_PERIODS), from: z.string(), to: z.string(), timezone: z.string(), drivers: z.array(leagueRowSchema) });
export type LeagueAnswer = z.infer<typeof leagueAnswerSchema>;
