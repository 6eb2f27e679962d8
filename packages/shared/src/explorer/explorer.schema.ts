import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { datetime, id, int, text } from '../api/primitives.ts';

/**
 * The explorer (issue 16, fmsv2explorer/{uid}): which IO values a vehicle reports, any of them over
 * a time range as a chart (downsampled on the server, peaks kept), the raw records, and a CSV of
 * them. Times are ISO 8601 UTC; series times are ms since the epoch.
 */

/** The longest range the series call charts, days (the roll-ups make a year cheap). */
export const EXPLORER_MAX_DAYS = 400;
/** The longest range the records' CSV covers, days (a month of 1 Hz data is 2.6 million lines). */
export const EXPLORER_CSV_MAX_DAYS = 31;
/** Ranges up to this many hours are charted from the positions themselves; longer ones from the roll-ups. */
export const EXPLORER_RAW_MAX_HOURS = 72;
/** IO elements at most in one series call. */
export const EXPLORER_MAX_SERIES = 8;

function ordered(q: { from: string; to: string }, ctx: z.RefinementCtx, maxDays: number): void {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return;
  if (!(from < to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  else if (to - from > maxDays * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${maxDays} days after from` });
}

/** IO elements' keys as positions.io holds them: Teltonika ids ('66') or another protocol's attribute names ('battery'). */
const ioList = text(400).regex(/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, 'must be IO element ids separated by commas, such as 66,85');

/** getfmsv2reports?uid */
export const fmsReportsQuerySchema = z.strictObject({ uid: id });
export const ioReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** '' when the value has none. */
  unit: z.string(),
  /** Charted (the roll-ups hold it); text values (fault codes) are only in the records. */
  numeric: z.boolean(),
  /** When the vehicle last reported it (ISO), as far as the last 90 days' roll-ups and its newest position tell. */
  lastSeen: z.string().nullable(),
});
export type IoReport = z.infer<typeof ioReportSchema>;
export const fmsReportsAnswerSchema = success({
  uid: z.number(), registration: z.string(),
  /** The newest and oldest position still kept (ISO), null without any. */
  first: z.string().nullable(), last: z.string().nullable(),
  io: z.array(ioReportSchema),
});
export type FmsReportsAnswer = z.infer<typeof fmsReportsAnswerSchema>;

/** getioseries?uid&io&from&to&points */
export const ioSeriesQuerySchema = z.strictObject({
  uid: id, io: ioList, from: datetime, to: datetime,
  /** Pixel columns of the chart: the answer has at most two points per column per series. */
  points: int(10, 5000).optional(),
}).superRefine((q, ctx) => {
  ordered(q, ctx, EXPLORER_MAX_DAYS);
  if (q.io.split(',').length > EXPLORER_MAX_SERIES) ctx.addIssue({ code: 'custom', path: ['io'], message: `must name at most ${EXPLORER_MAX_SERIES} IO elements` });
});
export type IoSeriesQuery = z.infer<typeof ioSeriesQuerySchema>;
export const ioSeriesSchema = z.object({ io: z.string(), name: z.string(), unit: z.string(), t: z.array(z.number()), v: z.array(z.number().nullable()) });
export type IoSeries = z.infer<typeof ioSeriesSchema>;
export const ioSeriesAnswerSchema = success({
  uid: z.number(), from: z.string(), to: z.string(),
  /** 'raw': from the positions; 'rollup': from the 10-minute roll-ups (min and max of each). */
  source: z.enum(['raw', 'rollup']),
  /** Positions or roll-up buckets read. */
  read: z.number(),
  series: z.array(ioSeriesSchema),
});
export type IoSeriesAnswer = z.infer<typeof ioSeriesAnswerSchema>;

/** getdatarecords?uid&from&to&offset&limit */
export const dataRecordsQuerySchema = z.strictObject({
  uid: id, from: datetime, to: datetime, offset: int(0, 10_000_000).optional(), limit: int(1, 500).optional(),
}).superRefine((q, ctx) => ordered(q, ctx, EXPLORER_MAX_DAYS));
export type DataRecordsQuery = z.infer<typeof dataRecordsQuerySchema>;
export const dataRecordSchema = z.object({
  id: z.string(), time: z.string(), lat: z.number(), lon: z.number(), speed: z.number(),
  /** Why the ingest flagged it implausible (left out of the chart), null when plausible. */
  implausible: z.string().nullable(),
  io: z.array(z.object({ id: z.string(), name: z.string(), text: z.string() })),
});
export type DataRecord = z.infer<typeof dataRecordSchema>;
export const dataRecordsAnswerSchema = success({
  uid: z.number(), offset: z.number(), records: z.array(dataRecordSchema),
  /** More records follow this page. */
  more: z.boolean(),
});
export type DataRecordsAnswer = z.infer<typeof dataRecordsAnswerSchema>;

/** getdatarecordscsv?uid&from&to[&io]: the records as a CSV file (io: the columns, default every IO value reported). */
export const dataRecordsCsvQuerySchema = z.strictObject({ uid: id, from: datetime, to: datetime, io: ioList.optional() })
  .superRefine((q, ctx) => ordered(q, ctx, EXPLORER_CSV_MAX_DAYS));
export type DataRecordsCsvQuery = z.infer<typeof dataRecordsCsvQuerySchema>;
