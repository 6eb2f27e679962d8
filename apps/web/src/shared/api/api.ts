import { LANDING } from '@fleet/shared/routes/routes';
import { clearSessionCaches } from '../query-client.ts';
import { navigateTo } from '../routing/navigation.ts';
import { session } from '../session/session-store.ts';
import { createApiClient, PUBLIC_CALLS, SIGN_OUT_ON_FAILURE } from './api-client.ts';
import { recordApiStatus } from './api-status.ts';
import { readCookie } from './cookies.ts';
import { plainSuccessCheck } from './light-checks.ts';

export const SESSION_EXPIRED_REASON = 'Your session has ended. Please sign in again.';

/** The server says the session is over (token error, or a socket's 'session:ended'): forget it and go to the root. */
export function expireSession(): void {
  session.clear(SESSION_EXPIRED_REASON);
  clearSessionCaches();
  void navigateTo(LANDING.afterTokenError, { replace: true });
}

/**
 * Spec 8: a failed customers, units or unittypes call, or a call made with no user, signs out with
 * its reason (shown on the login page). The server's session is ended too when there is one.
 */
export function signOutWith(reason: string): void {
  const user = session.get().user;
  // A stray call after sign-out, on a page for everyone, is not a reason to move the visitor.
  if (!user && typeof window !== 'undefined' && (!window.location.pathname.startsWith('/tabs/') || window.location.pathname === LANDING.afterLogout)) return;
  if (user) void api.post('logout', plainSuccessCheck, {}).catch(() => undefined);
  session.clear(reason);
  clearSessionCaches();
  void navigateTo('/login', { replace: true });
}

/** The app's api client: session from the session store, XSRF from the cookie the server sets. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  getSession: () => session.get().user,
  readXsrfToken: () => readCookie('XSRF-TOKEN', document.cookie),
  onTokenError: expireSession,
  onStatus: recordApiStatus,
  onSignOut: signOutWith,
  publicCalls: PUBLIC_CALLS,
  signOutOnFailure: SIGN_OUT_ON_FAILURE,
});
