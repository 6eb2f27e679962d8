import { type DataPoint, getDataPointAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { journeyKeys } from './journey-keys.ts';

/** getdatapoint?id&dt&v: one position with every IO value (dt, its device time, finds its month). */
export const dataPointQuery = (id: string, time: number, unitId: number) =>
  queryOptions({
    queryKey: journeyKeys.dataPoint(id),
    queryFn: ({ signal }): Promise<DataPoint> =>
      api.get('getdatapoint', getDataPointAnswerSchema, { id, dt: new Date(time).toISOString(), v: unitId }, signal).then((a) => a.point),
    // A stored position never changes.
    staleTime: Infinity,
  });
