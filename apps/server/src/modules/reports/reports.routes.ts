import {
  cancelReportBodySchema, getReportsAnswerSchema, plainSuccessSchema, REPORT_MAX_ACTIVE_PER_USER, reportFileQuerySchema, reportRunAnswerSchema,
  reportRunQuerySchema, runReportAnswerSchema, runReportBodySchema, wallSeconds,
} from '@fleet/shared';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { Letterhead } from '../../lib/pdf/branded-pdf.ts';
import { type AccessRule, CURRENT_SITE_REQUIRED, currentSiteOf } from '../../plugins/access.ts';
import { zoneOrFallback } from '../journeys/index.ts';
import { catalogueFor } from './catalogue.ts';
import { fileName } from './format.ts';
import { prepare } from './produce.ts';
import { renderRows } from './render.ts';
import type { ReportsRepository } from './reports.repository.ts';
import type { ReportRunner } from './runner.ts';
import { type RunsRepository, unpacker } from './runs.repository.ts';

const tag = { tags: ['reports'] };
const OWN_RUN = { row: 'report run', field: 'query.id', within: 'current site', missing: 'report run' } as const;
const RULE: AccessRule = { who: 'operator', scope: [CURRENT_SITE_REQUIRED], note: "The caller's own runs on the current site only (another user's run: 404)." };
const RUN_RULE: AccessRule = {
  who: 'operator', scope: [CURRENT_SITE_REQUIRED, { row: 'vehicle', field: 'body.src', within: 'current site', missing: 'vehicle' }],
  note: 'src holds vehicles, groups or drivers (metric): each must be of the current site, else 404 "No such vehicle." (group, driver). The timesheets kind also needs tracksec (403 without it).',
};

const TYPES = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8' } as const;

/** "Made 24 Nov 2026 14:05 by Jo Bloggs" on the site's clock. */
export function madeByText(name: string, timezone: string, now = Date.now()): string {
  const wall = new Date(wallSeconds(Math.floor(now / 1000), timezone) * 1000);
  const day = wall.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  return `Made ${day} ${wall.toISOString().slice(11, 16)} by ${name}`;
}

/**
 * The reporting calls (issue 14): the catalogue and the caller's runs (getreports), a run started
 * (runreport: queued, answered at once with its id), polled with a page of its rows (reportrun),
 * cancelled (cancelreport) and downloaded as PDF, XLSX or CSV (reportfile). Runs are the caller's
 * own on the current site: any other reads as missing.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  repo: ReportsRepository; runs: RunsRepository; runner: ReportRunner; letterheadOf: (siteId: number) => Promise<Letterhead | null>;
}> = async (app, { repo, runs, runner, letterheadOf }) => {
  app.get('/getreports', {
    schema: { ...tag, summary: "The report kinds the caller may run and the caller's kept runs on the current site, newest first", response: { 200: getReportsAnswerSchema } },
    config: { access: RULE },
  }, async (request) => {
    const caller = callerOf(request);
    return { ok: 1 as const, kinds: catalogueFor(caller.user.tracksec), runs: await runs.list(caller.user.id, currentSiteOf(request)) };
  });

  app.post('/runreport', {
    schema: { ...tag, summary: 'Start a report on the current site (queued; poll reportrun for progress and the result)', body: runReportBodySchema, response: { 200: runReportAnswerSchema } },
    config: { access: RUN_RULE },
  }, async (request) => {
    const caller = callerOf(request);
    const siteId = currentSiteOf(request);
    const { info } = await prepare(repo, siteId, request.body, caller.user.tracksec);
    if ((await runs.activeCount(caller.user.id)) >= REPORT_MAX_ACTIVE_PER_USER) {
      throw new ApiError(429, `You have ${REPORT_MAX_ACTIVE_PER_USER} reports running already: wait for one to finish or cancel one.`);
    }
    const id = await runner.submit({ siteId, userId: caller.user.id, body: request.body, title: `${info.name} report`, tracksec: caller.user.tracksec });
    return { ok: 1 as const, id };
  });

  app.get('/reportrun', {
    schema: { ...tag, summary: "A run's progress and, once done, its result with a page of its rows", querystring: reportRunQuerySchema, response: { 200: reportRunAnswerSchema } },
    config: { access: { ...RULE, scope: [CURRENT_SITE_REQUIRED, OWN_RUN] } },
  }, async (request) => {
    const caller = callerOf(request);
    const { id, offset, limit } = request.query;
    const run = await runs.summary(caller.user.id, currentSiteOf(request), id);
    if (!run) throw notFound('report run');
    const page = run.status === 'done' ? await runs.resultPage(id, offset, limit) : undefined;
    return { ok: 1 as const, run, result: page?.result ?? null, totalRows: page?.totalRows ?? 0 };
  });

  app.post('/cancelreport', {
    schema: { ...tag, summary: 'Stop a queued or running run of the caller (at its next vehicle)', body: cancelReportBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { ...RULE, scope: [CURRENT_SITE_REQUIRED, { ...OWN_RUN, field: 'body.id' }] } },
  }, async (request) => {
    const caller = callerOf(request);
    const run = await runs.summary(caller.user.id, currentSiteOf(request), request.body.id);
    if (!run) throw notFound('report run');
    if (!(await runner.cancel(run.id))) throw new ApiError(409, `This report has ${run.status === 'done' ? 'finished' : 'stopped'} already: there is nothing to cancel.`);
    return { ok: 1 as const };
  });

  app.get('/reportfile', {
    schema: { ...tag, summary: 'A finished run as a PDF, XLSX or CSV file (streamed)', querystring: reportFileQuerySchema },
    config: { access: { ...RULE, scope: [CURRENT_SITE_REQUIRED, OWN_RUN] } },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const siteId = currentSiteOf(request);
    const { id, format } = request.query;
    const run = await runs.summary(caller.user.id, siteId, id);
    if (!run) throw notFound('report run');
    if (run.status !== 'done') throw new ApiError(409, run.status === 'queued' || run.status === 'running' ? 'This report is still running: download it once it is done.' : 'This report did not finish: run it again.');
    const [stored, letterhead] = await Promise.all([runs.head(id), letterheadOf(siteId)]);
    if (!stored || !letterhead) throw notFound('report run');
    const result = stored.head;
    const unpack = unpacker(result.columns);
    const source = { count: stored.count, async *rows() { for await (const batch of runs.eachRows(id)) for (const cells of batch) yield unpack(cells); } };
    const out = new PassThrough();
    renderRows(result, source, format, { letterhead, madeBy: madeByText(caller.user.name, zoneOrFallback(result.timezone)) }, out).catch((err: unknown) => {
      request.log.error({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err), run: id }, 'report file failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const name = fileName(result, format);
    return reply
      .header('content-type', TYPES[format])
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .send(out);
  });
};
