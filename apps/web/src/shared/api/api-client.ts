import { ApiError } from './api-error.ts';
import { failureCheck } from './light-checks.ts';

/** Any schema with zod's safeParse; keeps this module free of a direct zod dependency. */
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export type QueryParams = Record<string, string | number | undefined | null>;

export interface ApiStatusEvent {
  call: string;
  ok: boolean;
  status: number;
  at: number;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  baseUrl?: string;
  getSession(): { token: string; instanceuuid: string } | null;
  readXsrfToken(): string | null;
  /** Called when the server says the session token is bad: clear the user and go to the root. */
  onTokenError(): void;
  onStatus?(event: ApiStatusEvent): void;
  /**
   * Spec 8's sign-outs: the session ends on this side with `reason` shown on the login page. Called
   * for a call made with no user (reason 'No user - groups()'; the call is not sent) unless the call
   * is in `publicCalls`, and for a failed answer to a call in `signOutOnFailure` (customers, units,
   * unittypes) with the server's message.
   */
  onSignOut?(reason: string): void;
  /** Calls anyone may make without signing in (login, reset, the cab's sign-in…). */
  publicCalls?: ReadonlySet<string>;
  /** Calls whose failure signs the user out (spec 8). */
  signOutOnFailure?: ReadonlySet<string>;
}

/** Spec 8: a failed customers, units or unittypes call signs the user out. */
export const SIGN_OUT_ON_FAILURE: ReadonlySet<string> = new Set(['customers', 'units', 'unittypes']);
/** The API's public calls (the server's `who: 'public'` rules): the only ones made without a user. */
export const PUBLIC_CALLS: ReadonlySet<string> = new Set(['login', 'resetpassword', 'passwordreset', 'brand', 'health', 'cabdrivers', 'driverlogin']);
/** The reason a call made with no user signs out with (spec 8: 'No user - groups()'). */
export const noUserReason = (call: string) => `No user - ${call}()`;

export interface RequestOptions {
  query?: QueryParams;
  /** JSON, or a FormData sent as multipart/form-data (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
}

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '/api/v1';

  function buildUrl(call: string, query: QueryParams | undefined, instanceuuid: string | undefined): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    if (instanceuuid) params.set('instanceuuid', instanceuuid);
    const qs = params.toString();
    return `${baseUrl}/${call}${qs ? `?${qs}` : ''}`;
  }

  async function request<T>(method: 'GET' | 'POST', call: string, schema: Schema<T>, opts: RequestOptions) {
    const sessionAtStart = deps.getSession();
    if (!sessionAtStart && deps.publicCalls && !deps.publicCalls.has(call)) {
      const reason = noUserReason(call);
      deps.onSignOut?.(reason);
      throw new ApiError(reason, 'token', 0, call);
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (sessionAtStart) headers.Authorization = `Bearer ${sessionAtStart.token}`;
    const form = opts.body instanceof FormData ? opts.body : null;
    if (method !== 'GET') {
      // The browser writes multipart's Content-Type itself, with its boundary.
      if (!form) headers['Content-Type'] = 'application/json';
      const xsrf = deps.readXsrfToken();
      if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    }
    const report = (ok: boolean, status: number) => deps.onStatus?.({ call, ok, status, at: Date.now() });

    let response: Response;
    try {
      response = await deps.fetch(buildUrl(call, opts.query, sessionAtStart?.instanceuuid), {
        method,
        headers,
        credentials: 'same-origin',
        body: method === 'GET' ? undefined : (form ?? JSON.stringify(opts.body ?? {})),
        signal: opts.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      report(false, 0);
      throw new ApiError('Cannot reach the server. Check your connection and try again.', 'network', 0, call);
    }

    let json: unknown;
    try {
      json = await response.json();
    } catch {
      report(false, response.status);
      throw new ApiError(`The server answered with HTTP ${response.status}.`, 'http', response.status, call);
    }

    const failed =
      !response.ok || (typeof json === 'object' && json !== null && 'ok' in json && json.ok === 0);
    if (failed) {
      report(false, response.status);
      const failure = failureCheck.safeParse(json);
      const message = failure.success
        ? failure.data.message
        : `The server answered with HTTP ${response.status}.`;
      const tokenError = failure.success && failure.data.tokenerror === 1;
      // Only a session we actually sent can be expired; a failed sign-in must not bounce the login page.
      if (tokenError && sessionAtStart) {
        deps.onTokenError();
        throw new ApiError(message, 'token', response.status, call);
      }
      if (sessionAtStart && deps.signOutOnFailure?.has(call)) {
        deps.onSignOut?.(message);
        throw new ApiError(message, 'token', response.status, call);
      }
      throw new ApiError(message, 'server', response.status, call);
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      report(false, response.status);
      throw new ApiError(
        `The server's answer to "${call}" was not understood.`,
        'shape',
        response.status,
        call,
      );
    }
    report(true, response.status);
    return parsed.data;
  }

  return {
    get<T>(call: string, schema: Schema<T>, query?: QueryParams, signal?: AbortSignal): Promise<T> {
      return request('GET', call, schema, { query, signal });
    },
    post<T>(call: string, schema: Schema<T>, body: unknown = {}, query?: QueryParams): Promise<T> {
      return request('POST', call, schema, { body, query });
    },
    /** A multipart POST (a file upload); the answer is JSON as for post. */
    postForm<T>(call: string, schema: Schema<T>, form: FormData, query?: QueryParams): Promise<T> {
      return request('POST', call, schema, { body: form, query });
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
