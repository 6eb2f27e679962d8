import { ioSeriesAnswerSchema } from '@fleet/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { explorerKeys } from './explorer-keys.ts';

/**
 * getioseries?uid&io&from&to&points: the chart's series, at most two points a column. The answer
 * before stays on show until the new one arrives (a zoom or a pan never blanks the chart).
 */
export const seriesQuery = (uid: number, io: string[], from: number, to: number, points: number) =>
  queryOptions({
    queryKey: explorerKeys.series(uid, io.join(','), from, to, points),
    queryFn: ({ signal }) =>
      api.get('getioseries', ioSeriesAnswerSchema, { uid, io: io.join(','), from: new Date(from).toISOString(), to: new Date(to).toISOString(), points }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
