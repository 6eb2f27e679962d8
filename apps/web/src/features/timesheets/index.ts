// The timesheets feature's door (issue 14): the week's list of drivers and a driver's week with the
// office's corrections (tracksectimesheets[/:wcnumber], Tracksec users only).
/** Cache keys of the week's list and a driver's week. */
export { timesheetKeys } from './api/timesheet-keys.ts';
/** The tracksectimesheets page, loaded when its route is first opened (its own chunk). */
export const loadTimesheetsPage = () => import('./pages/timesheets-page.tsx');
