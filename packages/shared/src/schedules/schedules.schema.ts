import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { email, id, int, text } from '../api/primitives.ts';
import { reportFormatSchema, reportKindSchema, reportMetricSchema } from '../reports/report.schema.ts';
import { SCHEDULE_FREQUENCIES, SCHEDULE_RANGES } from './schedule-time.ts';

/**
 * Scheduled reports (issue 14, scheduledreport): a report of the catalogue (report.schema.ts) with
 * a relative range, mailed as a file to a list of addresses at a time in the site's zone.
 */

/** The most addresses one schedule mails. */
export const SCHEDULE_MAX_RECIPIENTS = 20;
/** Mail attempts of one run: the first, then one after each of these delays (minutes). */
export const SCHEDULE_RETRY_MINUTES = [1, 5, 15] as const;

export const scheduleFrequencySchema = z.enum(SCHEDULE_FREQUENCIES);
export const scheduleRangeSchema = z.enum(SCHEDULE_RANGES);

/** The options some report kinds read (report.schema.ts's record, without its dates). */
export const scheduleOptionsSchema = z.strictObject({
  threshold: int(1, 300).optional(),
  minIdleS: int(0, 86_400).optional(),
  minStopS: int(0, 86_400).optional(),
});
export type ScheduleOptions = z.infer<typeof scheduleOptionsSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm between 00:00 and 23:59');

/** savescheduledreport (POST): a new schedule (no id) or a change to one of the current site's. */
export const saveScheduledReportBodySchema = z.strictObject({
  id: id.optional(),
  name: text(100).trim().min(1, 'must not be empty'),
  what: reportKindSchema,
  metric: reportMetricSchema,
  src: z.array(id).max(5000, 'must hold at most 5000 ids').default([]),
  range: scheduleRangeSchema,
  options: scheduleOptionsSchema.default({}),
  format: reportFormatSchema,
  frequency: scheduleFrequencySchema,
  at: hhmm,
  weekday: int(1, 7).optional(),
  monthDay: int(1, 31).optional(),
  recipients: z.array(email).min(1, 'must hold at least one address').max(SCHEDULE_MAX_RECIPIENTS, `must hold at most ${SCHEDULE_MAX_RECIPIENTS} addresses`),
  enabled: z.boolean().default(true),
}).superRefine((b, ctx) => {
  if (b.frequency === 'weekly' && b.weekday === undefined) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'a weekly schedule needs its weekday (1 Monday … 7 Sunday)' });
  if (b.frequency !== 'weekly' && b.weekday !== undefined) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'only a weekly schedule has a weekday' });
  if (b.frequency === 'monthly' && b.monthDay === undefined) ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'a monthly schedule needs its day of the month (1 … 31)' });
  if (b.frequency !== 'monthly' && b.monthDay !== undefined) ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'only a monthly schedule has a day of the month' });
  if (b.metric === 'site' && b.src.length > 0) ctx.addIssue({ code: 'custom', path: ['src'], message: 'a report per site takes no ids' });
  const seen = new Set<string>();
  b.recipients.forEach((r, i) => {
    if (seen.has(r.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['recipients', i], message: 'is listed twice' });
    seen.add(r.toLowerCase());
  });
});
export type SaveScheduledReportBody = z.infer<typeof saveScheduledReportBodySchema>;
export const saveScheduledReportAnswerSchema = success({ id: z.number() });

export const SCHEDULE_RUN_STATUSES = ['running', 'retrying', 'sent', 'failed'] as const;
export const scheduleRunStatusSchema = z.enum(SCHEDULE_RUN_STATUSES);

/** One run of a schedule as its log shows it. */
export const scheduledReportRunSchema = z.object({
  id: z.number(),
  dueAt: z.string(),
  /** The site days the run's report covers. */
  from: z.string(),
  to: z.string(),
  status: scheduleRunStatusSchema,
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ScheduledReportRun = z.infer<typeof scheduledReportRunSchema>;

/** A schedule as listed: what was saved, its next due time and its last run. */
export const scheduledReportSchema = z.object({
  id: z.number(),
  name: z.string(),
  what: reportKindSchema,
  metric: reportMetricSchema,
  src: z.array(z.number()),
  range: scheduleRangeSchema,
  options: scheduleOptionsSchema,
  format: reportFormatSchema,
  frequency: scheduleFrequencySchema,
  at: z.string(),
  weekday: z.number().nullable(),
  monthDay: z.number().nullable(),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
  timezone: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: scheduledReportRunSchema.nullable(),
});
export type ScheduledReport = z.infer<typeof scheduledReportSchema>;

/** scheduledreports (GET): the current site's schedules, by name. */
export const scheduledReportsAnswerSchema = success({ schedules: z.array(scheduledReportSchema) });
/** deletescheduledreport (POST). */
export const deleteScheduledReportBodySchema = z.strictObject({ id });
/** scheduledreportruns?id: a schedule's run log, newest first (at most 100). */
export const scheduledReportRunsQuerySchema = z.strictObject({ id });
export const scheduledReportRunsAnswerSchema = success({ schedule: z.object({ id: z.number(), name: z.string() }), runs: z.array(scheduledReportRunSchema) });
