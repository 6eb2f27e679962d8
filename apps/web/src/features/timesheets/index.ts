// The timesheets feature's door (issue 14): the week's list of drivers and a driver's week with the
// office's corrections (tracksectimesheets[/:wcnumber], Tracksec users only).
/** Cache keys of the week's list and a driver's week. */
export { timesheetKeys } from './api/timesheet-keys.ts';
/** The tracksectimesheets page, loaded when its route is first opened (its own chunk). */
export const loadTimesheetsPage = () => import('./pages/timesheets-page.tsx');
/** config/shiftpatterns (administrators): the site's shift patterns, loaded when first opened. */
export const loadShiftPatternsPage = () => import('./pages/shift-patterns-page.tsx');
export { ShiftPatternsCard } from './components/shift-patterns-card.tsx';
/** Sign-off: the office's page (tracksectimesheetsignoff), loaded when its route is first opened (its own chunk). */
export const loadTimesheetSignoffPage = () => import('./signoff/pages/signoff-page.tsx');
/** The driver's week on the cab home (`DriverWeekCard`), a chunk of its own loaded by the driver's frame: never on the login path. */
export const loadDriverWeekCard = () => import('./signoff/components/driver-week-card.tsx');
