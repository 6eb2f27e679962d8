import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { checklistOutboxHandlers, DriverPendingCount, resumeWaitingChecklists, useWaitingChecklists } from '../features/checklists/index.ts';
import { DriverShellExtrasProvider, type DriverShellExtras, useCabAssignment } from '../features/driver/index.ts';
import { UnreadBadge } from '../features/messages/index.ts';
import { loadDriverWeekCard } from '../features/timesheets/index.ts';
import { outbox, startOutbox } from '../shared/offline/outbox.ts';
import { useSessionUser } from '../shared/session/session-store.ts';

/**
 * Sends what waits in the device's outbox while a driver is signed in (issue 11): at once, when the
 * signal returns and every 30 s, whichever driver page is open. A driver signing in puts their own
 * check lists that were set aside (signed off before another driver took the device) back in line.
 */
function DriverOutboxRunner() {
  const userId = useSessionUser()?.userid ?? null;
  useEffect(() => {
    if (userId === null) return undefined;
    const stop = startOutbox({ ...checklistOutboxHandlers });
    void resumeWaitingChecklists(outbox, userId).catch(() => undefined);
    return stop;
  }, [userId]);
  return null;
}

const useWaitingCount = () => useWaitingChecklists().length;

const DriverWeekCard = lazy(() => loadDriverWeekCard().then((m) => ({ default: m.DriverWeekCard })));

/** The driver's week on the cab home; its signature is uploaded on the vehicle the driver took. */
function DriverWeekHome() {
  const unitId = useCabAssignment()?.uid ?? null;
  return <Suspense fallback={null}><DriverWeekCard unitId={unitId} /></Suspense>;
}

/** One value for every render: what the driver's frame shows from the check lists and messages features. */
const EXTRAS: DriverShellExtras = {
  pending: <DriverPendingCount />,
  messagesBadge: <UnreadBadge size="md" />,
  home: <DriverWeekHome />,
  useWaitingCount,
};

/**
 * The driver pages' common frame, loaded with the first driver page (not with the login page): the
 * outbox runner, and the waiting count and unread badge the driver shell shows on every driver page.
 */
export default function DriverFrame() {
  return (
    <DriverShellExtrasProvider value={EXTRAS}>
      <DriverOutboxRunner />
      <Outlet />
    </DriverShellExtrasProvider>
  );
}
