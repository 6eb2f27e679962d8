import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { date, id, int } from '../api/primitives.ts';

/**
 * Reports (issue 14): one catalogue of report kinds, the runreport request (what, metric, src,
 * record — the spec's names), a run's progress, and the result every way of showing it reads (the
 * reporting page's table and chart, the PDF, XLSX and CSV exports, scheduled mail, the generic
 * reporting service). Days are the site's (sites.timezone); times ISO 8601 UTC; distances metres,
 * speeds km/h, durations seconds — the page, PDF and XLSX show them in the site's units.
 */

/** The report kinds; each names which groupings (`metric`) it answers. */
export const REPORT_KINDS = [
  'trips', 'stops', 'idling', 'speeding', 'geofences', 'utilisation', 'mileage', 'alerts', 'checklists', 'faults', 'timesheets',
] as const;
export const reportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof reportKindSchema>;

/** Per what the report is run: its `src` ids are of this kind (empty: the whole site). */
export const REPORT_METRICS = ['vehicle', 'group', 'driver', 'site'] as const;
export const reportMetricSchema = z.enum(REPORT_METRICS);
export type ReportMetric = z.infer<typeof reportMetricSchema>;

export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export const reportFormatSchema = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

/** The longest date range one run covers, in days (a quarter). */
export const REPORT_MAX_DAYS = 93;
/** How long a finished run's result is kept and listed, in hours. */
export const REPORT_KEEP_HOURS = 72;
/** How many runs one user may have queued or running at once. */
export const REPORT_MAX_ACTIVE_PER_USER = 3;

/** record: the range (site days, both included) and the options some kinds read. */
export const reportRecordSchema = z.strictObject({
  from: date,
  to: date,
  /** speeding: the threshold in km/h (the page converts from the site's units). */
  threshold: int(1, 300).optional(),
  /** idling: the shortest idle worth listing, in seconds. */
  minIdleS: int(0, 86_400).optional(),
  /** stops: the shortest stop worth listing, in seconds. */
  minStopS: int(0, 86_400).optional(),
}).superRefine((r, ctx) => {
  if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  const days = (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `a report covers at most ${REPORT_MAX_DAYS} days` });
});
export type ReportRecord = z.infer<typeof reportRecordSchema>;

/** runreport (POST): what, metric, src (ids of vehicles, groups or drivers; empty: the whole site), record. */
export const runReportBodySchema = z.strictObject({
  what: reportKindSchema,
  metric: reportMetricSchema,
  src: z.array(id).max(5000).default([]),
  record: reportRecordSchema,
});
export type RunReportBody = z.infer<typeof runReportBodySchema>;
export const runReportAnswerSchema = success({ id: z.number() });

/** How a column's values are typed and shown. */
export const reportColumnKindSchema = z.enum(['text', 'number', 'datetime', 'date', 'duration', 'distance', 'speed', 'percent']);
export type ReportColumnKind = z.infer<typeof reportColumnKindSchema>;
export const reportColumnSchema = z.object({ key: z.string(), label: z.string(), kind: reportColumnKindSchema });
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;
export type ReportRow = Record<string, ReportCell>;

/**
 * A finished report: the headline (the question answered first), the chart's series over one
 * column, the table and its totals. Rows are in the order the table shows them.
 */
export const reportResultSchema = z.object({
  title: z.string(),
  /** The site, its zone and unit system, the range and the filters, as a line for headers. */
  subtitle: z.string(),
  timezone: z.string(),
  unitSystem: z.enum(['imperial', 'metric']),
  /** The range asked for (site days, both included): file names and headers read it. */
  period: z.object({ from: z.string(), to: z.string() }),
  headline: z.object({ label: z.string(), value: reportCellSchema, kind: reportColumnKindSchema }),
  chart: z.object({
    kind: z.enum(['bar', 'line']),
    /** The column whose values label the x axis (a registration, a day). */
    x: z.string(),
    series: z.array(z.object({ key: z.string(), label: z.string() })),
    /**
     * The chart's own points (the x key and each series' key) when they are not the table's rows:
     * a trips table lists trips, its chart the distance per vehicle. Absent: the table's rows.
     */
    points: z.array(z.record(z.string(), reportCellSchema)).optional(),
    /** What the x values are ('Vehicle', 'Day', 'Place'), for the axis and the PDF's summary. */
    xLabel: z.string().optional(),
    /** How the series' values read (a distance, a duration…), for the axis; absent: plain numbers. */
    valueKind: reportColumnKindSchema.optional(),
  }).nullable(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  totals: z.record(z.string(), reportCellSchema).nullable(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** A run as listed (getreports) and polled (reportrun): what was asked, and how far it is. */
export const reportRunSummarySchema = z.object({
  id: z.number(),
  what: reportKindSchema,
  metric: reportMetricSchema,
  src: z.array(z.number()),
  record: reportRecordSchema,
  title: z.string(),
  status: reportStatusSchema,
  progress: z.object({ done: z.number(), total: z.number(), text: z.string() }),
  rowCount: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ReportRunSummary = z.infer<typeof reportRunSummarySchema>;

/** One entry of the catalogue: a kind, its name, the groupings it takes and the options it reads. */
export const reportKindInfoSchema = z.object({
  what: reportKindSchema,
  name: z.string(),
  description: z.string(),
  metrics: z.array(reportMetricSchema),
  options: z.array(z.enum(['threshold', 'minIdleS', 'minStopS'])),
  /** Gated like timesheets: shown only to users with tracksec. */
  tracksec: z.boolean(),
});
export type ReportKindInfo = z.infer<typeof reportKindInfoSchema>;

/** getreports: the catalogue the caller may run and the caller's kept runs, newest first. */
export const getReportsAnswerSchema = success({ kinds: z.array(reportKindInfoSchema), runs: z.array(reportRunSummarySchema) });

/** reportrun?id[&offset&limit]: the run, and once done its result with a page of its rows. */
export const reportRunQuerySchema = z.strictObject({
  id,
  offset: z.coerce.number().int().min(0).max(100_000_000, 'must be at most 100000000').default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});
export const reportRunAnswerSchema = success({
  run: reportRunSummarySchema,
  result: reportResultSchema.nullable(),
  /** Rows in the whole result (result.rows holds offset … offset+limit). */
  totalRows: z.number(),
});

/** cancelreport (POST): stops a queued or running run of the caller's. */
export const cancelReportBodySchema = z.strictObject({ id });

/** reportfile?id&format: the finished run as a download (streamed). */
export const reportFileQuerySchema = z.strictObject({ id, format: reportFormatSchema });

/** The generic reporting service (spec 7, /reporting/v1/): runreport takes the site with the body. */
export const serviceRunReportBodySchema = z.strictObject({
  siteid: id,
  what: reportKindSchema,
  metric: reportMetricSchema,
  src: z.array(id).max(5000).default([]),
  record: reportRecordSchema,
});
export type ServiceRunReportBody = z.infer<typeof serviceRunReportBodySchema>;

/** gen: a report kind (`call`), its parameters (the site, metric, src, record) and the columns wanted (empty: all). */
export const serviceGenBodySchema = z.strictObject({
  call: reportKindSchema,
  params: z.strictObject({
    siteid: id,
    metric: reportMetricSchema.default('site'),
    src: z.array(id).max(5000).default([]),
    record: reportRecordSchema,
  }),
  fields: z.array(z.string().min(1).max(64)).max(64).default([]),
});
export type ServiceGenBody = z.infer<typeof serviceGenBodySchema>;

export const serviceCatalogueAnswerSchema = success({ kinds: z.array(reportKindInfoSchema), metrics: z.array(reportMetricSchema), formats: z.array(reportFormatSchema) });
export const serviceResultAnswerSchema = success({ result: reportResultSchema });
export const serviceGenAnswerSchema = success({
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  totals: z.record(z.string(), reportCellSchema).nullable(),
});
