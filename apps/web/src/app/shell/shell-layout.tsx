import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../shared/session/session-store.ts';
import { PageLoading } from '../page-loading.tsx';

// Loaded on demand so the login page does not download the shell, its menu icons and banners.
const AppFrame = lazy(() => import('./app-frame.tsx').then((m) => ({ default: m.AppFrame })));
const PublicFrame = lazy(() => import('./public-frame.tsx').then((m) => ({ default: m.PublicFrame })));

/**
 * Pages inside the shell. Without a session, `requireSession` pages go to /login (or to where a sign-out
 * is heading, e.g. the popper page); the few pages that
 * work signed out (mobileconfig, driverlogin) get a plain branded frame instead.
 */
export function ShellLayout({ requireSession }: { requireSession: boolean }) {
  const { user, landing } = useSession();
  if (!user && requireSession) return <Navigate to={landing ?? '/login'} replace />;
  return <Suspense fallback={<PageLoading />}>{user ? <AppFrame user={user} /> : <PublicFrame />}</Suspense>;
}
