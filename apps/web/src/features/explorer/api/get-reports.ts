import { fmsReportsAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { explorerKeys } from './explorer-keys.ts';

/** getfmsv2reports?uid: the IO values the vehicle has reported, with names and units. */
export const reportsQuery = (uid: number) =>
  queryOptions({
    queryKey: explorerKeys.reports(uid),
    queryFn: ({ signal }) => api.get('getfmsv2reports', fmsReportsAnswerSchema, { uid }, signal),
    staleTime: 60_000,
  });
