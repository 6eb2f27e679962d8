// The scheduled reports feature's door: the only file other code imports from it.
/** Cache keys (a sign-out drops them with every session cache). */
export { scheduleKeys } from './api/schedule-keys.ts';
/** The scheduledreport page, loaded when first opened. */
export const loadScheduledReportPage = () => import('./pages/scheduledreport-page.tsx');
