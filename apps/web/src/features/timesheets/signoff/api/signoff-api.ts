import {
  reopenTimesheetAnswerSchema, type SignoffTimesheetsBody, signoffTimesheetsAnswerSchema, timesheetSheetAnswerSchema,
  timesheetSignatureAnswerSchema, timesheetSignoffsAnswerSchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api.ts';
import { downloadFile } from '../../../../shared/api/download-file.ts';
import { signoffKeys } from './signoff-keys.ts';

/** timesheetsignoffs: the site's drivers of a week with their sheets' states and every stored sign-off. */
export const signoffWeekQuery = (siteId: number, wc: string | null) =>
  queryOptions({
    queryKey: signoffKeys.week(siteId, wc),
    queryFn: ({ signal }) => api.get('timesheetsignoffs', timesheetSignoffsAnswerSchema, wc ? { wcnumber: wc } : undefined, signal),
  });

/** gettimesheet: makes a driver's sheet of the week (a week nobody opened has no id yet) and answers its id. */
export async function sheetIdOf(driverId: number, wc: string): Promise<number> {
  const a = await api.get('gettimesheet', timesheetSheetAnswerSchema, { driver: String(driverId), wc });
  return a.timesheet.id;
}

/** timesheetsignature: the office's signature as an upload (its id goes into the sign-off). */
export async function uploadSignature(png: Blob, key: string): Promise<number> {
  const form = new FormData();
  form.append('key', key);
  form.append('image', png, 'signature.png');
  return (await api.postForm('timesheetsignature', timesheetSignatureAnswerSchema, form)).id;
}

export const signOffTimesheets = (body: SignoffTimesheetsBody) => api.post('signofftimesheets', signoffTimesheetsAnswerSchema, body);

export const reopenTimesheet = (id: number) => api.post('reopentimesheet', reopenTimesheetAnswerSchema, { id });

/** timesheetpdf: the stored PDF, saved by the browser under the server's file name. */
export async function downloadSignoffPdf(id: number): Promise<void> {
  await downloadFile({
    call: 'timesheetpdf',
    params: { id: String(id) },
    isFile: (type) => type === 'application/pdf',
    failure: () => 'The signed-off timesheet could not be downloaded.',
    fallbackName: `timesheet-${id}.pdf`,
  });
}
