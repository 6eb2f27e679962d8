// The check lists feature's door (issue 11): the office's pages here (office-*), the driver's pages beside them (driver-*).
/** The office's check list viewer (vclviewer?id=), loaded when its route is first opened. */
export const loadVclViewerPage = () => import('./pages/office-vcl-viewer-page.tsx');
/** For the alerts page: alerts/vcl, the check lists with open faults (its own chunk). */
export const loadVclAlertsList = () => import('./pages/office-vcl-alerts-page.tsx');
/** For the config page: config/vcls, the check list templates editor (its own chunk), and its card. */
export const loadVclTemplatesPage = () => import('./pages/office-vcl-templates-page.tsx');
export { VclTemplatesCard } from './components/office-vcl-templates-card.tsx';

// Driver side (driver-*): the cab's check list, fault photos, sign-off and the vehicle's state.
/** For the driver shell's pending-send slot: "Waiting to send (2)", nothing when none wait. */
export { DriverPendingCount, useWaitingChecklists } from './components/driver-pending-count.tsx';
/** For whoever starts the device's outbox in driver mode: the handler of kind 'checklist'. */
export { checklistOutboxHandlers, resumeWaitingChecklists } from './model/driver-outbox.ts';
/** The prefix of the in-progress check lists in localStorage (clearCheckListCaches removes these). */
export { DRAFT_KEY_PREFIX } from './model/driver-checklist.ts';
/** The driver's pages: vcl, editfault, signoff, and unitcheck / units (each its own chunk). */
export const loadDriverVclPage = () => import('./pages/driver-vcl-page.tsx');
export const loadDriverEditFaultPage = () => import('./pages/driver-editfault-page.tsx');
export const loadDriverSignOffPage = () => import('./pages/driver-signoff-page.tsx');
export const loadDriverUnitCheckPage = () => import('./pages/driver-unitcheck-page.tsx');
