// The reports feature's door (issue 14): the reporting page, where a user asks for a report, follows
// its progress and opens, sorts and exports the result.
/** Cache keys of getreports and reportrun (the scheduled reports page may invalidate through them). */
export { reportKeys } from './api/report-keys.ts';
/** The reporting page, loaded when its route is first opened (its own chunk). */
export const loadReportingPage = () => import('./pages/reporting-page.tsx');
