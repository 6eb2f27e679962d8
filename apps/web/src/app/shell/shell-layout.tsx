import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { loadAllStrings } from '../../i18n/i18n.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { PageLoading } from '../page-loading.tsx';

// Loaded on demand so the login page does not download the shell, its menu icons and banners.
// Both wait for the whole strings file too (i18n.ts: only the startup sections come with index.html).
// Their loaders come in a chunk of their own (frame-modules.ts), fetched beside the strings.
const loadFrames = () => import('../frame-modules.ts');
const AppFrame = lazy(async () => {
  const [m] = await Promise.all([loadFrames().then((f) => f.loadAppFrame()), loadAllStrings()]);
  return { default: m.AppFrame };
});
const PublicFrame = lazy(async () => {
  const [m] = await Promise.all([loadFrames().then((f) => f.loadPublicFrame()), loadAllStrings()]);
  return { default: m.PublicFrame };
});

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
