import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { date, id } from '../api/primitives.ts';

/**
 * Data requests (issue 14): an administrator asks for all of the current site's data for a range of
 * site days (positions, trips, alerts, check lists); the server prepares one ZIP of CSV files in the
 * background, offers it for download until it expires, and audits every step.
 */

/** The longest range one request covers, in days (a year, leap day included). */
export const DATA_REQUEST_MAX_DAYS = 366;
/** How long a prepared file is kept by default, in hours (DATA_REQUEST_KEEP_HOURS). */
export const DATA_REQUEST_KEEP_HOURS = 72;
/** Requests of one site waiting or being prepared at once: more is refused until one finishes. */
export const DATA_REQUEST_MAX_ACTIVE = 3;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** awsdatarequest: the first and last site day (both included). */
export const dataRequestBodySchema = z.strictObject({ from: date, to: date }).superRefine((b, ctx) => {
  const days = dayNumber(b.to) - dayNumber(b.from) + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must be on or after the first day.' });
  else if (days > DATA_REQUEST_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A data request covers at most ${DATA_REQUEST_MAX_DAYS} days: ask for a shorter range.` });
  }
});
export type DataRequestBody = z.infer<typeof dataRequestBodySchema>;
export const dataRequestAnswerSchema = success({ id: z.number() });

export const DATA_REQUEST_STATUSES = ['queued', 'running', 'ready', 'failed', 'cancelled', 'expired'] as const;
export const dataRequestStatusSchema = z.enum(DATA_REQUEST_STATUSES);
export type DataRequestStatus = z.infer<typeof dataRequestStatusSchema>;

/** One audit line: what happened, who did it, from which address (downloads), when (ISO UTC). */
export const dataRequestAuditSchema = z.object({
  action: z.string(),
  user: z.string(),
  ip: z.string().nullable(),
  at: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type DataRequestAuditLine = z.infer<typeof dataRequestAuditSchema>;

/**
 * One request. Progress: rows done of an estimate, and the text of the file being written.
 * Times ISO UTC; `bytes` and `rows` once ready; `expires` once ready (the file is deleted then).
 */
export const dataRequestSchema = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  user: z.string(),
  status: dataRequestStatusSchema,
  progress: z.object({ done: z.number(), total: z.number(), text: z.string() }),
  created: z.string(),
  finished: z.string().nullable(),
  expires: z.string().nullable(),
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  rows: z.number().nullable(),
  error: z.string().nullable(),
  audit: z.array(dataRequestAuditSchema),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** datarequests: the current site's requests, newest first (the last 50), with their audit lines. */
export const dataRequestsAnswerSchema = success({ requests: z.array(dataRequestSchema), maxDays: z.number(), keepHours: z.number() });
export type DataRequestsAnswer = z.infer<typeof dataRequestsAnswerSchema>;

/** datarequestfile?id: the ZIP itself (application/zip). */
export const dataRequestFileQuerySchema = z.strictObject({ id });
/** canceldatarequest: stop a queued or running request (its partial file is removed). */
export const cancelDataRequestBodySchema = z.strictObject({ id });
