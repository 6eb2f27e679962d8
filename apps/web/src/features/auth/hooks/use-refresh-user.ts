import { useEffect } from 'react';
import { session } from '../../../shared/session/session-store.ts';
import { fetchCurrentUser } from '../api/auth-api.ts';

/**
 * At start, refreshes a stored user from the server (menu, site, reset flag may have changed).
 * A token error signs out through the api client; other failures keep the stored user (e.g. offline).
 */
export function useRefreshUser(): void {
  useEffect(() => {
    if (!session.get().user) return;
    const controller = new AbortController();
    fetchCurrentUser(controller.signal)
      .then(({ user }) => {
        if (session.get().user) session.setUser(user);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
}
