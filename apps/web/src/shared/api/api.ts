import { LANDING } from '@fleet/shared/routes/routes';
import { clearSessionCaches } from '../query-client.ts';
import { navigateTo } from '../routing/navigation.ts';
import { session } from '../session/session-store.ts';
import { createApiClient } from './api-client.ts';
import { recordApiStatus } from './api-status.ts';
import { readCookie } from './cookies.ts';

export const SESSION_EXPIRED_REASON = 'Your session has ended. Please sign in again.';

/** The server says the session is over (token error, or a socket's 'session:ended'): forget it and go to the root. */
export function expireSession(): void {
  session.clear(SESSION_EXPIRED_REASON);
  clearSessionCaches();
  void navigateTo(LANDING.afterTokenError, { replace: true });
}

/** The app's api client: session from the session store, XSRF from the cookie the server sets. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  getSession: () => session.get().user,
  readXsrfToken: () => readCookie('XSRF-TOKEN', document.cookie),
  onTokenError: expireSession,
  onStatus: recordApiStatus,
});
