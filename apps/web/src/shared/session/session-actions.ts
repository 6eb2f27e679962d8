import { LANDING } from '@fleet/shared/routes/routes';
import { api } from '../api/api.ts';
import { plainSuccessCheck } from '../api/light-checks.ts';
import { clearSessionCaches } from '../query-client.ts';
import { navigateTo } from '../routing/navigation.ts';
import { session } from './session-store.ts';

/**
 * Signs out: tells the server (best effort; the local sign-out must happen even offline),
 * clears caches and the stored user, and goes to `to` (the popper page unless a reason sends to login).
 */
export async function signOut(options: { reason?: string; to?: string } = {}): Promise<void> {
  if (session.get().user) {
    await api.post('logout', plainSuccessCheck, {}).catch(() => undefined);
  }
  clearSessionCaches();
  const to = options.to ?? LANDING.afterLogout;
  // Signed-in pages still on screen redirect a signed-out user to `landing`: the same place we navigate to.
  session.clear(options.reason ?? null, to);
  await navigateTo(to, { replace: true });
}
