import { session } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';
import { fileNameOf } from './file-name.ts';

export interface DownloadRequest {
  /** The call's name under /api/v1 ('reportfile'). */
  call: string;
  params: Record<string, string>;
  /** Whether the answer is the file; otherwise it is the server's JSON refusal. */
  isFile(contentType: string): boolean;
  /** The message of a refusal that carries none. */
  failure(status: number): string;
  /** The name when the answer's Content-Disposition gives none. */
  fallbackName: string;
}

/**
 * A file call fetched with the session in the Authorization header (never in the address), then
 * handed to the browser as a download under the server's file name. Answers the name used.
 */
export async function downloadFile(req: DownloadRequest): Promise<string> {
  const user = session.get().user;
  const params = new URLSearchParams(req.params);
  if (user?.instanceuuid) params.set('instanceuuid', user.instanceuuid);
  let res: Response;
  try {
    res = await fetch(`/api/v1/${req.call}?${params.toString()}`, {
      headers: user ? { Authorization: `Bearer ${user.token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 'network', 0, req.call);
  }
  if (!res.ok || !req.isFile(res.headers.get('content-type') ?? '')) {
    // The server's refusal is JSON with a message ("This report has expired: run it again.").
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : req.failure(res.status);
    throw new ApiError(message, 'server', res.status, req.call);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), req.fallbackName);
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
