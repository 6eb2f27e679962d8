import { activityAnswerSchema, type ActivityAnswer } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { journeyKeys, type JourneySubject } from './journey-keys.ts';

export type Activity = Omit<ActivityAnswer, 'ok'>;

/** activity?d&v|driver: the day's trips, stops, alerts and visits of a vehicle or a driver. */
export const activityQuery = (day: string, subject: JourneySubject) =>
  queryOptions({
    queryKey: journeyKeys.activity(day, subject),
    queryFn: ({ signal }): Promise<Activity> => api.get('activity', activityAnswerSchema, { d: day, ...subject }, signal),
    // A past day does not change; today's grows, and is asked again when the page is opened again.
    staleTime: 30_000,
  });
