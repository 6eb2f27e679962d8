import {
  getReportsAnswerSchema,
  plainSuccessSchema,
  reportRunAnswerSchema,
  runReportAnswerSchema,
  type RunReportBody,
} from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import { isActive } from '../model/report-runs.ts';
import { reportKeys } from './report-keys.ts';

export type ReportsAnswer = Omit<z.infer<typeof getReportsAnswerSchema>, 'ok'>;
export type ReportRunAnswer = Omit<z.infer<typeof reportRunAnswerSchema>, 'ok'>;

/** How often the list asks again while one of the user's runs is queued or running. */
export const POLL_MS = 1000;

/** getreports: the kinds the user may run and the user's kept runs, newest first; polled while one runs. */
export const reportsQuery = (siteId: number) =>
  queryOptions({
    queryKey: reportKeys.list(siteId),
    queryFn: ({ signal }): Promise<ReportsAnswer> => api.get('getreports', getReportsAnswerSchema, undefined, signal),
    refetchInterval: (query) => (query.state.data?.runs.some((r) => isActive(r.status)) ? POLL_MS : false),
  });

/** reportrun?id&offset&limit: the run and, once done, its result with rows offset … offset+limit. */
export const reportRunQuery = (id: number, offset: number, limit: number) =>
  queryOptions({
    queryKey: reportKeys.page(id, offset, limit),
    queryFn: ({ signal }): Promise<ReportRunAnswer> => api.get('reportrun', reportRunAnswerSchema, { id, offset, limit }, signal),
    refetchInterval: (query) => (query.state.data && isActive(query.state.data.run.status) ? POLL_MS : false),
    // A finished run's result does not change.
    staleTime: (query) => (query.state.data?.result ? Number.POSITIVE_INFINITY : 0),
  });

/** runreport: queues a run; the list is asked again so it shows at once. */
export function useRunReport(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunReportBody) => api.post('runreport', runReportAnswerSchema, body).then((a) => a.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.list(siteId) }),
  });
}

/** cancelreport: stops a queued or running run of the user's (at the next vehicle). */
export function useCancelReport(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('cancelreport', plainSuccessSchema, { id }),
    onSettled: (_d, _e, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.list(siteId) }),
        queryClient.invalidateQueries({ queryKey: reportKeys.run(id) }),
      ]),
  });
}
