import { isAdmin, NOT_ADMIN_REASON } from '@fleet/shared/rules/admin';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { signOut } from '../shared/session/session-actions.ts';
import { useSessionUser } from '../shared/session/session-store.ts';
import { PageLoading } from './page-loading.tsx';

/** Spec 5: admin pages need usertype below 2; anyone else is signed out with the reason 'Not Admin'. */
export function RequireAdmin() {
  const user = useSessionUser();
  const allowed = isAdmin(user?.usertype);
  useEffect(() => {
    if (user && !allowed) void signOut({ reason: NOT_ADMIN_REASON, to: '/login' });
  }, [user, allowed]);
  return allowed ? <Outlet /> : <PageLoading />;
}
