import { dataRecordsAnswerSchema } from '@fleet/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { explorerKeys } from './explorer-keys.ts';

/** Records a page of the table. */
export const RECORDS_PAGE = 25;

/** getdatarecords?uid&from&to&offset&limit: a page of the raw records, IO values in words. */
export const recordsQuery = (uid: number, from: number, to: number, offset: number) =>
  queryOptions({
    queryKey: explorerKeys.records(uid, from, to, offset),
    queryFn: ({ signal }) =>
      api.get('getdatarecords', dataRecordsAnswerSchema, {
        uid, from: new Date(from).toISOString(), to: new Date(to).toISOString(), offset, limit: RECORDS_PAGE,
      }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
