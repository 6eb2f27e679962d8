import { type TimesheetSheet, timesheetSheetAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { timesheetKeys } from './timesheet-keys.ts';

/** gettimesheet?driver&wc: a driver's week in full (the server makes its timesheet on first open). */
export const timesheetQuery = (driverId: number, wc: string) =>
  queryOptions({
    queryKey: timesheetKeys.sheet(driverId, wc),
    queryFn: ({ signal }): Promise<TimesheetSheet> =>
      api.get('gettimesheet', timesheetSheetAnswerSchema, { driver: driverId, wc }, signal).then((a) => a.timesheet),
    staleTime: 15_000,
  });
