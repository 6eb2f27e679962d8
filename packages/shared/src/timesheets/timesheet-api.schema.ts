import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { timesheetWeekSchema } from './timesheet.schema.ts';

/**
 * The timesheet calls' shapes (issue 14). `wcnumber` is the week commencing (a Monday in the site's
 * zone) as YYYY-MM-DD: tracksectimesheets/2026-11-16. A timesheet is a driver's week; its shifts
 * are records the office can correct: `source` 'data' (built from the trips; dataStart/dataEnd are
 * what the data says) or 'office' (added by hand). start/end are what counts (the correction where
 * there is one). `week` is the rules' week built from the shifts as corrected.
 */

export const timesheetShiftRecordSchema = z.object({
  id: z.number(),
  source: z.enum(['data', 'office']),
  day: z.string(),
  start: z.string(),
  end: z.string(),
  dataStart: z.string().nullable(),
  dataEnd: z.string().nullable(),
  /** The office's break in seconds where it set one, else null (the data's breaks count). */
  breakS: z.number().nullable(),
  notes: z.string(),
  /** True when any of start, end or break is the office's. */
  corrected: z.boolean(),
  removed: z.boolean(),
  vehicles: z.array(z.object({ unitid: z.number(), registration: z.string() })),
});
export type TimesheetShiftRecord = z.infer<typeof timesheetShiftRecordSchema>;

/** One change, for the audit trail a payroll clerk prints. */
export const timesheetAuditEntrySchema = z.object({
  id: z.number(),
  shiftId: z.number().nullable(),
  action: z.string(),
  field: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  userName: z.string(),
  at: z.string(),
});
export type TimesheetAuditEntry = z.infer<typeof timesheetAuditEntrySchema>;

/** A sign-off of one version of a timesheet (the PDF is downloadable again by its id). */
export const timesheetSignoffSchema = z.object({
  id: z.number(),
  version: z.number(),
  operatorName: z.string(),
  operatorSignedAt: z.string(),
  driverSignedAt: z.string().nullable(),
  pdfSha256: z.string(),
});
export type TimesheetSignoffInfo = z.infer<typeof timesheetSignoffSchema>;

/** A driver's timesheet of a week, in full. */
export const timesheetSheetSchema = z.object({
  id: z.number(),
  driver: z.object({ id: z.number(), name: z.string() }),
  site: z.object({ id: z.number(), name: z.string(), timezone: z.string() }),
  wc: z.string(),
  dummy: z.boolean(),
  version: z.number(),
  /** Set while signed off: no correction is taken until the week is reopened (a new version). */
  lockedAt: z.string().nullable(),
  pattern: z.object({ id: z.number().nullable(), name: z.string() }),
  shifts: z.array(timesheetShiftRecordSchema),
  week: timesheetWeekSchema,
  audit: z.array(timesheetAuditEntrySchema),
  signoffs: z.array(timesheetSignoffSchema),
  /** The driver signed this version on the cab device and waits for the office. */
  driverSignedAt: z.string().nullable(),
});
export type TimesheetSheet = z.infer<typeof timesheetSheetSchema>;

/** A line of the week's list (gettimesheets): one per driver of the site. */
export const timesheetListEntrySchema = z.object({
  /** The timesheet's id, or null when nobody has opened or corrected the week yet. */
  id: z.number().nullable(),
  driver: z.object({ id: z.number(), name: z.string() }),
  wc: z.string(),
  shifts: z.number(),
  workedS: z.number(),
  drivingS: z.number(),
  overtimeS: z.number(),
  nightS: z.number(),
  corrections: z.number(),
  lockedAt: z.string().nullable(),
  version: z.number(),
  driverSignedAt: z.string().nullable(),
});
export type TimesheetListEntry = z.infer<typeof timesheetListEntrySchema>;

export const timesheetListAnswerSchema = success({
  wc: z.string(),
  timezone: z.string(),
  timesheets: z.array(timesheetListEntrySchema),
});
export const timesheetSheetAnswerSchema = success({ timesheet: timesheetSheetSchema });
