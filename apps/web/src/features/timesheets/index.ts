// The timesheets feature's door (issue 14).
/** Sign-off: the office's page (tracksectimesheetsignoff), loaded when its route is first opened; the driver's week on the cab home. */
export const loadTimesheetSignoffPage = () => import('./signoff/pages/signoff-page.tsx');
export { DriverWeekCard } from './signoff/components/driver-week-card.tsx';
