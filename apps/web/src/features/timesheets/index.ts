// The timesheets feature's door (issue 14).
import { lazy } from 'react';

/** Sign-off: the office's page (tracksectimesheetsignoff), loaded when its route is first opened (its own chunk). */
export const loadTimesheetSignoffPage = () => import('./signoff/pages/signoff-page.tsx');
/** The driver's week on the cab home (a chunk of its own, loaded with the cab home: never on the login path). */
export const DriverWeekCard = lazy(() => import('./signoff/components/driver-week-card.tsx').then((m) => ({ default: m.DriverWeekCard })));
