/**
 * The reports module's door (issue 14): the reporting calls and the generic reporting service,
 * and `reportsService` for others (scheduled reports): produce a report, render it, name its file.
 */
import { REPORT_KEEP_HOURS, type ReportFormat, type ReportResult, type RunReportBody, type TimesheetListEntry } from '@fleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Letterhead } from '../../lib/pdf/branded-pdf.ts';
import type { PoiRepository } from '../poi/index.ts';
import { fileName } from './format.ts';
import { produce, type ProduceOptions } from './produce.ts';
import { render } from './render.ts';
import { reportsRepository } from './reports.repository.ts';
import { reportRunner } from './runner.ts';
import { runsRepository } from './runs.repository.ts';

export { reportsRoutes } from './reports.routes.ts';
export { ensureReportingToken, reportingServiceRoutes } from './reporting-service.ts';
export { CATALOGUE, catalogueFor } from './catalogue.ts';
export { ReportCancelled } from './produce.ts';
export { RESTART_TEXT } from './runs.repository.ts';
/** The CSV field writer with its formula guard (the configuration lists' export uses it too). */
export { csvField } from './render.ts';

export interface ReportsServiceDeps {
  pool: pg.Pool;
  /** The site's places (location names); the poi module's repository. */
  places: PoiRepository;
  /** The timesheets door's weekOfSite (the timesheet summary); without it that kind answers 503. */
  weekOfSite?: (siteId: number, wc: string) => Promise<TimesheetListEntry[]>;
}

/** What other modules use: make a report of a site, write it as a file, name the file. */
export function reportsService(deps: ReportsServiceDeps) {
  const repo = reportsRepository(deps.pool);
  const produceDeps = { repo, places: deps.places, ...(deps.weekOfSite ? { weekOfSite: deps.weekOfSite } : {}) };
  return {
    repo,
    produce: (siteId: number, body: RunReportBody, opts?: ProduceOptions): Promise<ReportResult> => produce(produceDeps, siteId, body, opts),
    render: render as (result: ReportResult, format: ReportFormat, ctx: { letterhead: Letterhead; madeBy: string }, out: NodeJS.WritableStream) => Promise<void>,
    fileName: fileName as (result: ReportResult, format: ReportFormat) => string,
  };
}
export type ReportsService = ReturnType<typeof reportsService>;

/** The reporting page's side: the service, its runs and the in-process runner (started and closed with the app). */
export function reportsModule(deps: ReportsServiceDeps & { log: FastifyBaseLogger; keepHours?: number; maxConcurrent?: number }) {
  const service = reportsService(deps);
  const runs = runsRepository(deps.pool);
  const runner = reportRunner({
    runs, produce: service.produce, log: deps.log, keepHours: deps.keepHours ?? REPORT_KEEP_HOURS,
    ...(deps.maxConcurrent ? { maxConcurrent: deps.maxConcurrent } : {}),
  });
  return { service, runs, runner };
}
