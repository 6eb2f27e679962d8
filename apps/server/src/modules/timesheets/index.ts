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
/** Sign-off (helper S): signofftimesheets, timesheetsignature, timesheetsignoffs, timesheetpdf, reopentimesheet, drivertimesheet, drivertimesheetsign. */
export { signoffRoutes } from './signoff.routes.ts';
export { signoffService } from './signoff.service.ts';
export { signoffRepository } from './signoff.repository.ts';
