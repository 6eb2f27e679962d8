import {
  hudAnswerSchema, hudQuerySchema, leagueAnswerSchema, leagueQuerySchema, MIN_PERIOD_KM, recentAnswerSchema, recentQuerySchema,
  scoresAnswerSchema, scoresQuerySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import type { AccessRule } from '../../plugins/access.ts';
import { zoneOrFallback } from '../journeys/index.ts';
import type { PerformanceRepository } from './performance.repository.ts';
import { eventOut, leagueOf, PERIOD_WEEKS, recentTripOut, scoreTrips, weeksOf } from './performance.service.ts';

const tag = { tags: ['performance'] };
const vehicleRow = { row: 'unit', field: 'query.uid', within: 'caller sites', missing: 'unit' } as const;
const driverRow = { row: 'driver', field: 'query.driver', within: 'caller sites', missing: 'driver' } as const;
const SUBJECT: AccessRule = {
  who: 'session', scope: [vehicleRow, driverRow],
  note: "Exactly one of uid (a vehicle of the caller's sites) or driver (a driver of the caller's sites); weeks are the site's.",
};
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');
const LATEST_EVENTS = 10;

/**
 * Driver performance (issue 16): a vehicle's or a driver's weekly scores (getscores), a vehicle's
 * heads-up summary (gethud), recent trips with their scores and events (getrecentperformance) and a
 * site's league of drivers (performanceleague). Scores from trips (trips processor) and
 * driving_events (driving processor); the rules in packages/shared performance/.
 */
export const performanceRoutes: FastifyPluginAsyncZod<{ repo: PerformanceRepository }> = async (app, { repo }) => {
  async function subjectOf(siteIds: number[], q: { uid?: number | undefined; driver?: number | undefined }) {
    if (q.uid !== undefined) {
      const v = await repo.vehicle(siteIds, q.uid);
      if (!v) throw notFound('unit');
      return { kind: 'vehicle' as const, id: v.id, name: v.registration, timezone: zoneOrFallback(v.timezone), filter: { unitId: v.id } };
    }
    const d = await repo.driver(siteIds, q.driver as number);
    if (!d) throw notFound('driver');
    return { kind: 'driver' as const, id: d.id, name: d.name, timezone: zoneOrFallback(d.timezone), filter: { driverId: d.id } };
  }

  app.get('/getscores', {
    schema: { ...tag, summary: "A vehicle's or a driver's score per week for the last weeks, with event counts", querystring: scoresQuerySchema, response: { 200: scoresAnswerSchema } },
    config: { access: SUBJECT },
  }, async (request) => {
    const s = await subjectOf(callerOf(request).siteIds, request.query);
    const mondays = (await repo.mondays(s.timezone, request.query.weeks - 1)).reverse();
    const trips = await repo.scoredTrips(s.filter, (mondays[0] as { at: Date }).at, FAR_FUTURE, s.timezone);
    return { ok: 1 as const, subject: { kind: s.kind, id: s.id, name: s.name }, timezone: s.timezone, weeks: weeksOf(trips, mondays.map((m) => m.day)) };
  });

  app.get('/gethud', {
    schema: { ...tag, summary: "A vehicle's heads-up summary: today's and this week's score, its latest events, its worst category", querystring: hudQuerySchema, response: { 200: hudAnswerSchema } },
    config: { access: { who: 'session', scope: [{ unit: 'query.uid' }] } },
  }, async (request) => {
    const v = await repo.vehicle(callerOf(request).siteIds, request.query.uid);
    if (!v) throw notFound('unit');
    const tz = zoneOrFallback(v.timezone);
    const [monday] = await repo.mondays(tz, 0);
    const today = await repo.today(tz);
    const week = await repo.scoredTrips({ unitId: v.id }, (monday as { at: Date }).at, FAR_FUTURE, tz);
    const latest = await repo.latestEvents(v.id, LATEST_EVENTS);
    return {
      ok: 1 as const, uid: v.id, registration: v.registration, driver: v.driver,
      today: scoreTrips(week.filter((t) => t.start_time >= today)), week: scoreTrips(week), latest: latest.map(eventOut),
    };
  });

  app.get('/getrecentperformance', {
    schema: { ...tag, summary: "A vehicle's or a driver's latest trips, newest first, with each trip's score and events", querystring: recentQuerySchema, response: { 200: recentAnswerSchema } },
    config: { access: SUBJECT },
  }, async (request) => {
    const s = await subjectOf(callerOf(request).siteIds, request.query);
    const trips = await repo.scoredTrips(s.filter, new Date(0), FAR_FUTURE, s.timezone, request.query.limit);
    const events = await repo.eventsOfTrips(trips.map((t) => t.id));
    return { ok: 1 as const, trips: trips.map((t) => recentTripOut(t, events.get(t.id) ?? [])) };
  });

  app.get('/performanceleague', {
    schema: {
      ...tag, summary: `A site's drivers ranked by score over a period (this week, last week, 4 or 12 weeks); below ${MIN_PERIOD_KM} km unranked`,
      querystring: leagueQuerySchema, response: { 200: leagueAnswerSchema },
    },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    const { siteid, period } = request.query;
    const site = await repo.site(siteid);
    if (!site) throw notFound('site');
    const tz = zoneOrFallback(site.timezone);
    const { back, length } = PERIOD_WEEKS[period];
    const mondays = await repo.mondays(tz, back + length);
    const at = (k: number) => (mondays[k] as { at: Date }).at;
    const from = at(back);
    const to = period === 'lastweek' ? at(0) : FAR_FUTURE;
    const until = period === 'lastweek' ? to : new Date();
    const trips = await repo.scoredTrips({ siteId: siteid }, from, to, tz);
    const before = await repo.scoredTrips({ siteId: siteid }, at(back + length), from, tz);
    return { ok: 1 as const, period, from: from.toISOString(), to: until.toISOString(), timezone: tz, drivers: leagueOf(trips, before) };
  });
};
