/**
 * The timesheets module's door (issue 14): the calls, the config list 'shiftpatterns', and the
 * service the sign-off (timesheets/signoff.*) and the reports use: sheet, sheetOf, weekOfSite,
 * lock, reopen, audit.
 */
export { timesheetsRoutes } from './timesheets.routes.ts';
export {
  type AuditInput, type ChangedBy, CORRECTION_ACTIONS, LOCKED_TEXT, NOT_LOCKED_TEXT, timesheetsService, type TimesheetsService,
} from './timesheets.service.ts';
export { shiftPatternsConfigList } from './shift-patterns-list.ts';
