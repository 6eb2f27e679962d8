import {
  reopenTimesheetAnswerSchema, type SignoffTimesheetsBody, signoffTimesheetsAnswerSchema, timesheetSheetAnswerSchema,
  timesheetSignatureAnswerSchema, timesheetSignoffsAnswerSchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api.ts';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { session } from '../../../../shared/session/session-store.ts';
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
  const user = session.get().user;
  const params = new URLSearchParams({ id: String(id) });
  if (user?.instanceuuid) params.set('instanceuuid', user.instanceuuid);
  let res: Response;
  try {
    res = await fetch(`/api/v1/timesheetpdf?${params.toString()}`, {
      headers: user ? { Authorization: `Bearer ${user.token}` } : {}, credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 'network', 0, 'timesheetpdf');
  }
  if (!res.ok || res.headers.get('content-type') !== 'application/pdf') {
    const said = await res.json().then((j: { message?: unknown }) => (typeof j.message === 'string' ? j.message : null), () => null);
    throw new ApiError(said ?? 'The signed-off timesheet could not be downloaded.', 'server', res.status, 'timesheetpdf');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `timesheet-${id}.pdf`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
