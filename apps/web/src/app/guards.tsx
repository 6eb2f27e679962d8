import { isAdmin, NOT_ADMIN_REASON } from '@fleet/shared/rules/admin';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useCabKey } from '../shared/device/cab-device.ts';
import { signOut } from '../shared/session/session-actions.ts';
import { useSessionUser } from '../shared/session/session-store.ts';
import { PageLoading } from './page-loading.tsx';

// The outbox and the check lists' sending code load with the first driver page, not with /login.
// Its loader comes in a chunk of its own (frame-modules.ts), so the entry does not carry its preload list.
const DriverFrame = lazy(() => import('./frame-modules.ts').then((f) => f.loadDriverFrame()));

/** Where a cab device starts (issue 11): the driver's sign-in. */
export const DRIVER_LOGIN_PATH = '/tabs/tabs/driverlogin';
/** Where a user session that reached a driver page goes instead. */
const USER_HOME_PATH = '/tabs/tabs/fleet';

/** Spec 5: admin pages need usertype below 2; anyone else is signed out with the reason 'Not Admin'. */
export function RequireAdmin() {
  const user = useSessionUser();
  const allowed = isAdmin(user?.usertype);
  useEffect(() => {
    if (user && !allowed) void signOut({ reason: NOT_ADMIN_REASON, to: '/login' });
  }, [user, allowed]);
  return allowed ? <Outlet /> : <PageLoading />;
}

/** Tracksec pages (timesheets, issue 14): a user without the session's tracksec flag goes to their home page. */
export function RequireTracksec() {
  const user = useSessionUser();
  if (user && !user.tracksec) return <Navigate to={USER_HOME_PATH} replace />;
  return <Outlet />;
}

/** Whether this device is in driver mode: a cab device, or a driver-mode session. */
export function useDriverMode(): boolean {
  const cab = useCabKey();
  const user = useSessionUser();
  return Boolean(cab || user?.driver);
}

/**
 * User pages (issue 11: driver mode and user mode never coexist on a device): on a cab device every
 * one of them goes to the driver's sign-in; a driver-mode session never sees them either.
 */
export function UserModeOnly() {
  const cab = useCabKey();
  const user = useSessionUser();
  if (cab || user?.driver) return <Navigate to={DRIVER_LOGIN_PATH} replace />;
  return <Outlet />;
}

/** Driver pages: a driver signed in on this cab device, else the driver's sign-in (a user session never sees them). */
export function RequireDriver() {
  const cab = useCabKey();
  const user = useSessionUser();
  // An office user on an ordinary browser (a legacy startup page such as 'map'): their own pages.
  if (!cab && user && !user.driver) return <Navigate to={USER_HOME_PATH} replace />;
  if (!cab || !user?.driver || user.driver.deviceid !== cab.deviceid) return <Navigate to={DRIVER_LOGIN_PATH} replace />;
  return (
    <Suspense fallback={null}>
      <DriverFrame />
    </Suspense>
  );
}
