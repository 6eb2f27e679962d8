import { activityAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/** Whose day: a vehicle (unit id) or a driver (driver id). */
export type ActivitySubject = { kind: 'vehicle'; id: number } | { kind: 'driver'; id: number };

/**
 * Cache keys of the journeys feature's answers. The replay (activitymap) adds its own under the
 * same 'journeys' root, so one invalidation of `all()` drops every journey answer.
 */
export const journeyKeys = {
  all: () => ['journeys'] as const,
  activity: (subject: ActivitySubject, day: string) => [...journeyKeys.all(), 'activity', subject.kind, subject.id, day] as const,
};

/** How often an open day asks again: today's trips grow while the vehicle drives. */
const ACTIVITY_REFRESH_MS = 60_000;

/** activity?d&v | &driver: the day's trips, stops, alerts, geofence visits and check-ins, with totals. */
export const activityQuery = (subject: ActivitySubject, day: string) =>
  queryOptions({
    queryKey: journeyKeys.activity(subject, day),
    queryFn: ({ signal }) =>
      api.get('activity', activityAnswerSchema, subject.kind === 'vehicle' ? { d: day, v: subject.id } : { d: day, driver: subject.id }, signal),
    refetchInterval: ACTIVITY_REFRESH_MS,
  });
