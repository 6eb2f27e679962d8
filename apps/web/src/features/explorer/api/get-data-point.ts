import { type DataPoint, getDataPointAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { explorerKeys } from './explorer-keys.ts';

/** getdatapoint?id&dt&v (journeys' call): one record with every IO value. */
export const dataPointQuery = (id: string, time: string, uid: number) =>
  queryOptions({
    queryKey: explorerKeys.dataPoint(id),
    queryFn: ({ signal }): Promise<DataPoint> => api.get('getdatapoint', getDataPointAnswerSchema, { id, dt: time, v: uid }, signal).then((a) => a.point),
    staleTime: Infinity,
  });
