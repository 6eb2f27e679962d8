import { timesheetListAnswerSchema } from '@fleet/shared';
import type { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { timesheetKeys } from './timesheet-keys.ts';

export type TimesheetList = Omit<z.infer<typeof timesheetListAnswerSchema>, 'ok'>;

/** gettimesheets[?wcoverride]: the current site's drivers for a week (null: the site's current week). */
export const timesheetsQuery = (siteId: number, wc: string | null) =>
  queryOptions({
    queryKey: timesheetKeys.list(siteId, wc),
    queryFn: ({ signal }): Promise<TimesheetList> =>
      api.get('gettimesheets', timesheetListAnswerSchema, wc ? { wcoverride: wc } : undefined, signal),
    staleTime: 30_000,
  });
