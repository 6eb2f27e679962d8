import { LANDING } from '@fleet/shared/routes/routes';
import { api } from '../api/api.ts';
import { plainSuccessCheck } from '../api/light-checks.ts';
import { clearSessionCaches } from '../query-client.ts';
import { navigateTo } from '../routing/navigation.ts';
import { session } from './session-store.ts';

/** Spec 8: a failed customers, units or unittypes call signs the user out. */
export const SIGN_OUT_ON_FAILURE: ReadonlySet<string> = new Set(['customers', 'units', 'unittypes']);
/** The API's public calls (the server's `who: 'public'` rules): the only ones made without a user. */
export const PUBLIC_CALLS: ReadonlySet<string> = new Set(['login', 'resetpassword', 'passwordreset', 'brand', 'health', 'cabdrivers', 'driverlogin']);
/** The reason a call made with no user signs out with (spec 8: 'No user - groups()'). */
export const noUserReason = (call: string) => `No user - ${call}()`;

/** Spec 8's rule: the reason to sign out with for this call and failure (null: the call is being made with no user), or null. */
export function spec8Reason(call: string, failure: string | null): string | null {
  if (failure === null) return PUBLIC_CALLS.has(call) ? null : noUserReason(call);
  return SIGN_OUT_ON_FAILURE.has(call) ? failure : null;
}

/**
 * Signs out with a reason (shown on the login page); the server's session is ended too when there
 * is one. A stray call made after sign-out on a page for everyone moves nobody.
 */
export function signOutWith(reason: string): void {
  const user = session.get().user;
  if (!user && (!window.location.pathname.startsWith('/tabs/') || window.location.pathname === LANDING.afterLogout)) return;
  if (user) void api.post('logout', plainSuccessCheck, {}).catch(() => undefined);
  session.clear(reason);
  clearSessionCaches();
  void navigateTo('/login', { replace: true });
}

/** Installs spec 8's sign-outs in the app's api client (the signed-in shell does, when it loads). */
export function installSignOutRules(): void {
  api.setSignOutRule((call, failure) => {
    const reason = spec8Reason(call, failure);
    if (reason) signOutWith(reason);
    return reason;
  });
}
