import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { date, datetime, id, int, text } from '../api/primitives.ts';
import { isoWeekday } from '../rules/zoned.ts';
import { shiftPatternSchema } from './shift-pattern.ts';
import { timesheetSheetSchema } from './timesheet-api.schema.ts';

/**
 * The timesheet calls' inputs (issue 14, helper T): shift patterns, a week's list, a driver's week
 * and the office's corrections. Answers are in timesheet-api.schema.ts.
 */

/** A week commencing: a real date that is a Monday. */
export const wcDate = date.refine((d) => isoWeekday(d) === 1, 'must be a Monday (the week commencing)');

/** The longest shift the office may enter: a whole day. */
export const MAX_SHIFT_S = 24 * 3600;
/** The longest break the office may enter on a shift: 12 hours. */
export const MAX_BREAK_S = 12 * 3600;

export const shiftPatternsQuerySchema = z.strictObject({ siteid: id });
/** A stored pattern as answered (the input schema's checks and transforms are for what comes in). */
export const shiftPatternOutSchema = z.object({
  name: z.string(),
  days: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string(), paidBreakMin: z.number() })),
  overtimeAfterDayMin: z.number().nullable(),
  overtimeAfterWeekMin: z.number().nullable(),
  night: z.object({ start: z.string(), end: z.string() }).nullable(),
});
export const shiftPatternEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  pattern: shiftPatternOutSchema,
});
export type ShiftPatternEntry = z.infer<typeof shiftPatternEntrySchema>;
export const shiftPatternsAnswerSchema = success({ patterns: z.array(shiftPatternEntrySchema) });

/** The config list 'shiftpatterns': a pattern with its name, and whether it is the site's default. */
export const shiftPatternRecSchema = z.strictObject({
  pattern: shiftPatternSchema,
  isDefault: z.boolean(),
});
export type ShiftPatternRec = z.infer<typeof shiftPatternRecSchema>;

export const getTimesheetsQuerySchema = z.strictObject({ wcoverride: wcDate.optional() });
export const getTimesheetQuerySchema = z.strictObject({ driver: id, wc: wcDate });

export const updateShiftBodySchema = z.strictObject({
  w: z.enum(['start', 'end', 'break'], { message: "must be 'start', 'end' or 'break'" }),
  id,
  /** start/end: an ISO time; break: whole seconds (0 … 12 h). */
  nt: z.union([datetime, int(0, MAX_BREAK_S)]),
}).superRefine((b, ctx) => {
  if (b.w === 'break' && typeof b.nt !== 'number') {
    ctx.addIssue({ code: 'custom', path: ['nt'], message: 'must be the break in seconds' });
  }
  if (b.w !== 'break' && typeof b.nt !== 'string') {
    ctx.addIssue({ code: 'custom', path: ['nt'], message: 'must be a date and time such as 2026-05-01T08:30:00Z' });
  }
});
export type UpdateShiftBody = z.infer<typeof updateShiftBodySchema>;

export const updateShiftNotesBodySchema = z.strictObject({ shift: id, notes: text(1000, { multiline: true }) });
export const addTimesheetShiftBodySchema = z.strictObject({
  id,
  start: datetime,
  end: datetime,
  breakS: int(0, MAX_BREAK_S).optional(),
  notes: text(1000, { multiline: true }).optional(),
});
export type AddTimesheetShiftBody = z.infer<typeof addTimesheetShiftBodySchema>;
export const removeTimesheetRecordBodySchema = z.strictObject({ id });
export const createDuffTimesheetBodySchema = z.strictObject({ driver: id, wc: wcDate });

/** A correction's answer: the sheet as it now is. */
export const timesheetChangeAnswerSchema = success({ timesheet: timesheetSheetSchema, id: z.number().optional() });
