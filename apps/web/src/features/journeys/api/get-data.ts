import { dataAnswerSchema, type DataAnswer, trackSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { journeyKeys, type JourneySubject } from './journey-keys.ts';
import { readPoints } from './read-points.ts';

export type DayData = Omit<DataAnswer, 'ok'>;

/** The answer's envelope by the shared schema; the columns of positions are read by readPoints (fast). */
const dataEnvelope = dataAnswerSchema.extend({ tracks: z.array(trackSchema.extend({ points: z.unknown() })) });

/** data?d&v|driver: the positions behind the day, one track per vehicle, as parallel arrays. */
export const dataQuery = (day: string, subject: JourneySubject) =>
  queryOptions({
    queryKey: journeyKeys.data(day, subject),
    queryFn: async ({ signal }): Promise<DayData> => {
      const answer = await api.get('data', dataEnvelope, { d: day, ...subject }, signal);
      let tracks: DayData['tracks'];
      try {
        tracks = answer.tracks.map((track) => ({ ...track, points: readPoints(track.points) }));
      } catch (error) {
        console.warn('data:', error);
        throw new ApiError(`The server's answer to "data" was not understood.`, 'shape', 200, 'data');
      }
      // For bench/replay-browser.ts: where the time from the answer to the first drawn track goes.
      performance.mark('journeys:data-parsed');
      return { ...answer, tracks };
    },
    staleTime: 30_000,
    // Comparing a new answer with the old one value by value would walk 600,000 values.
    structuralSharing: false,
  });
