import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { clearAlerts } from '../features/alerts/index.ts';
import { ChangePasswordHost, useRefreshUser } from '../features/auth/index.ts';
import { refreshDebugMode } from '../shared/debug/debug-mode.ts';
import { UpdatePrompt } from '../shared/pwa/update-prompt.tsx';
import { useSessionUser } from '../shared/session/session-store.ts';
import { DebugBox } from './shell/debug-box.tsx';
import { NavigationProgress } from './shell/navigation-progress.tsx';
import { OfflineBar } from './shell/offline-bar.tsx';

/** Above every page: session refresh, the change-password modal, offline bar, debug box and the new-version prompt. */
export function RootLayout() {
  useRefreshUser();
  const { search } = useLocation();
  useEffect(() => refreshDebugMode(search), [search]);
  const signedIn = useSessionUser() !== null;
  useEffect(() => {
    if (!signedIn) clearAlerts();
  }, [signedIn]);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ChangePasswordHost />
      <OfflineBar />
      <DebugBox />
      <UpdatePrompt />
    </>
  );
}
