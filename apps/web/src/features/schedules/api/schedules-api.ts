import {
  getReportsAnswerSchema, plainSuccessSchema, type SaveScheduledReportBody, saveScheduledReportAnswerSchema,
  scheduledReportRunsAnswerSchema, scheduledReportsAnswerSchema,
} from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { scheduleKeys } from './schedule-keys.ts';

/** scheduledreports: the current site's schedules, with next run and last outcome (asked again each minute). */
export const schedulesQuery = (siteId: number) =>
  queryOptions({
    queryKey: scheduleKeys.list(siteId),
    queryFn: ({ signal }) => api.get('scheduledreports', scheduledReportsAnswerSchema, undefined, signal).then((a) => a.schedules),
    refetchInterval: 60_000,
  });

/** scheduledreportruns?id: a schedule's run log. */
export const scheduleRunsQuery = (siteId: number, id: number) =>
  queryOptions({
    queryKey: scheduleKeys.runs(siteId, id),
    queryFn: ({ signal }) => api.get('scheduledreportruns', scheduledReportRunsAnswerSchema, { id }, signal),
    refetchInterval: 30_000,
  });

/** The report kinds the caller may run (the report engine's catalogue, from getreports). */
export const reportKindsQuery = (siteId: number) =>
  queryOptions({
    queryKey: scheduleKeys.kinds(siteId),
    queryFn: ({ signal }) => api.get('getreports', getReportsAnswerSchema, undefined, signal).then((a) => a.kinds),
    staleTime: 10 * 60_000,
  });

/** savescheduledreport; the list is asked again after. */
export function useSaveSchedule(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScheduledReportBody) => api.post('savescheduledreport', saveScheduledReportAnswerSchema, body).then((a) => a.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.list(siteId) }),
  });
}

/** deletescheduledreport; the list is asked again after. */
export function useDeleteSchedule(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('deletescheduledreport', plainSuccessSchema, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.list(siteId) }),
  });
}
