import type { ReportFormat } from '@fleet/shared';
import { ApiError } from '../../../shared/api/api-error.ts';
import { session } from '../../../shared/session/session-store.ts';
import { fileNameOf } from '../model/report-file-name.ts';

/**
 * reportfile?id&format: the finished run as a file. Fetched with the session in the Authorization
 * header (never in the address), then handed to the browser as a download of the server's name.
 */
export async function downloadReportFile(id: number, format: ReportFormat): Promise<string> {
  const user = session.get().user;
  const params = new URLSearchParams({ id: String(id), format });
  if (user?.instanceuuid) params.set('instanceuuid', user.instanceuuid);
  let res: Response;
  try {
    res = await fetch(`/api/v1/reportfile?${params.toString()}`, {
      headers: user ? { Authorization: `Bearer ${user.token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 'network', 0, 'reportfile');
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.startsWith('application/json')) {
    // The server's refusal is JSON with a message ("This report has expired: run it again.").
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : `The file could not be made (HTTP ${res.status}).`;
    throw new ApiError(message, 'server', res.status, 'reportfile');
  }
  const name = fileNameOf(res.headers.get('content-disposition'), `report-${id}.${format}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
