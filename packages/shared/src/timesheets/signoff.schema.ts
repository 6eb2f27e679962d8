import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { date, id, text } from '../api/primitives.ts';
import { clientKey } from '../checklists/checklists.schema.ts';
import { timesheetListEntrySchema, timesheetSheetSchema } from './timesheet-api.schema.ts';

/**
 * The sign-off calls (issue 14): the office signs off a week's timesheets (each is locked and its
 * PDF stored), downloads the PDFs again, reopens a week as a new version; in driver mode the driver
 * reads and signs their own week on the cab device. Signatures are uploaded images (ids).
 */

/** The most sheets one sign-off takes (a site's drivers of a week; each makes a PDF). */
export const MAX_SIGNOFF_SHEETS = 200;

export const signoffTimesheetsBodySchema = z.strictObject({
  ids: z.array(id).min(1, 'pick at least one timesheet').max(MAX_SIGNOFF_SHEETS, `sign off at most ${MAX_SIGNOFF_SHEETS} at once`),
  /** The operator's signature (an upload: timesheetsignature). */
  soid: id,
  wcnumber: date,
  /** The signer's name as printed under the signature. */
  cname: text(80).trim().min(2, 'enter your name as it should be printed'),
  /** Drivers' signatures drawn at the office, in the order of `ids` (absent or 0: the driver's own from the cab, if any). */
  idss: z.array(z.union([z.literal(0), id])).max(MAX_SIGNOFF_SHEETS).optional(),
});
export type SignoffTimesheetsBody = z.infer<typeof signoffTimesheetsBodySchema>;
export const signoffTimesheetsAnswerSchema = success({
  signoffs: z.array(z.object({ timesheetId: z.number(), id: z.number(), version: z.number() })),
});

/** timesheetsignature: the multipart form's text field (the file is the field 'image'). */
export const timesheetSignatureBodySchema = z.strictObject({ key: clientKey });
export const timesheetSignatureAnswerSchema = success({ id: z.number() });

export const timesheetPdfQuerySchema = z.strictObject({ id });

export const reopenTimesheetBodySchema = z.strictObject({ id });
export const reopenTimesheetAnswerSchema = success({ version: z.number() });

/** A stored sign-off, for the week's list. */
export const timesheetSignoffEntrySchema = z.object({
  id: z.number(),
  timesheetId: z.number(),
  version: z.number(),
  operatorName: z.string(),
  operatorSignedAt: z.string(),
  driverSignedAt: z.string().nullable(),
  pdfSha256: z.string(),
  pdfBytes: z.number(),
});
export type TimesheetSignoffEntry = z.infer<typeof timesheetSignoffEntrySchema>;

export const timesheetSignoffsQuerySchema = z.strictObject({ wcnumber: date.optional() });
export const timesheetSignoffsAnswerSchema = success({
  wc: z.string(),
  timezone: z.string(),
  timesheets: z.array(timesheetListEntrySchema),
  signoffs: z.array(timesheetSignoffEntrySchema),
});
export type TimesheetSignoffsAnswer = z.infer<typeof timesheetSignoffsAnswerSchema>;

export const driverTimesheetQuerySchema = z.strictObject({ wc: date.optional() });
export const driverTimesheetAnswerSchema = success({ timesheet: timesheetSheetSchema });

export const driverTimesheetSignBodySchema = z.strictObject({ id, version: id, sig: id });
export const driverTimesheetSignAnswerSchema = success({ signedAt: z.string() });
