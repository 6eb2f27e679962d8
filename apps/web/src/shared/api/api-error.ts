/** What kind of failure a call ended in; the UI words each kind, servers' own messages are shown as sent. */
export type ApiErrorCode = 'server' | 'token' | 'network' | 'http' | 'shape';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly status: number,
    readonly call: string,
  ) {
    super(message);
  }
}

/** Client errors (4xx) will not get better by retrying; network and server errors may. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'token' || error.code === 'shape') return false;
  return error.status === 0 || error.status >= 500;
}
