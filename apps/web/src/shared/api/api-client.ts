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
}

export interface RequestOptions {
  query?: QueryParams;
  /** JSON, or a FormData sent as multipart/form-data (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Spec 8's sign-outs: given a call and its failure's message (null: the call is about to be made
 * with no user), the reason to sign out with, or null. Set by the signed-in shell
 * (shared/session/sign-out-rules.ts), so the login page does not carry it.
 */
export type SignOutRule = (call: string, failure: string | null) => string | null;

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '/api/v1';
  let signOutRule: SignOutRule | undefined;
  const signOutFor = (call: string, failure: string | null, status: number) => {
    const reason = signOutRule?.(call, failure);
    if (reason) throw new ApiError(reason, 'token', status, call);
  };

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
    if (!sessionAtStart) signOutFor(call, null, 0);
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
      if (sessionAtStart) signOutFor(call, message, response.status);
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
    setSignOutRule(rule: SignOutRule | undefined): void {
      signOutRule = rule;
    },
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
