import { driverTimesheetAnswerSchema, driverTimesheetSignAnswerSchema, sendTempImageAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api.ts';
import { signoffKeys } from './signoff-keys.ts';

/** drivertimesheet: the signed-in driver's own week (wc: a Monday; null: the site's current week). */
export const driverWeekQuery = (wc: string | null) =>
  queryOptions({
    queryKey: signoffKeys.driverWeek(wc),
    queryFn: ({ signal }) => api.get('drivertimesheet', driverTimesheetAnswerSchema, wc ? { wc } : undefined, signal).then((a) => a.timesheet),
    staleTime: 60_000,
  });

/** The driver's signature as an upload (sendtempimage, on the cab's vehicle), then drivertimesheetsign for the version read. */
export async function signDriverWeek(s: { unitId: number; key: string; png: Blob; id: number; version: number }): Promise<string> {
  const form = new FormData();
  form.append('uid', String(s.unitId));
  form.append('key', s.key);
  form.append('image', s.png, 'signature.png');
  const sig = (await api.postForm('sendtempimage', sendTempImageAnswerSchema, form)).id;
  return (await api.post('drivertimesheetsign', driverTimesheetSignAnswerSchema, { id: s.id, version: s.version, sig })).signedAt;
}
