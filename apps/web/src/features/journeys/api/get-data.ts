import { dataAnswerSchema, type DataAnswer } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { journeyKeys, type JourneySubject } from './journey-keys.ts';

export type DayData = Omit<DataAnswer, 'ok'>;

/** data?d&v|driver: the positions behind the day, one track per vehicle, as parallel arrays. */
export const dataQuery = (day: string, subject: JourneySubject) =>
  queryOptions({
    queryKey: journeyKeys.data(day, subject),
    queryFn: ({ signal }): Promise<DayData> => api.get('data', dataAnswerSchema, { d: day, ...subject }, signal),
    staleTime: 30_000,
  });
