import {
  deleteScheduledReportBodySchema, plainSuccessSchema, saveScheduledReportAnswerSchema, saveScheduledReportBodySchema,
  scheduledReportRunsAnswerSchema, scheduledReportRunsQuerySchema, scheduledReportsAnswerSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { CURRENT_SITE_REQUIRED, currentSiteOf } from '../../plugins/access.ts';
import type { SchedulesService } from './schedules.service.ts';

const tag = { tags: ['scheduled reports'] };
const scheduleRow = (field: 'body.id' | 'query.id') => ({ row: 'scheduled report', field, within: 'current site', missing: 'scheduled report' } as const);
const access = (field?: 'body.id' | 'query.id') => ({
  who: 'operator' as const,
  scope: field ? [CURRENT_SITE_REQUIRED, scheduleRow(field)] : [CURRENT_SITE_REQUIRED],
});

/** Scheduled reports of the session's current site (issue 14): list, save, delete, run log. */
export const schedulesRoutes: FastifyPluginAsyncZod<{ schedules: SchedulesService }> = async (app, { schedules }) => {
  app.get('/scheduledreports', {
    schema: { ...tag, summary: "The current site's scheduled reports with each one's next run and last outcome", response: { 200: scheduledReportsAnswerSchema } },
    config: { access: access() },
  }, async (request) => ({ ok: 1 as const, schedules: await schedules.list(currentSiteOf(request)) }));

  app.post('/savescheduledreport', {
    schema: { ...tag, summary: 'Add a scheduled report (no id) or change one of the current site\'s', body: saveScheduledReportBodySchema, response: { 200: saveScheduledReportAnswerSchema } },
    config: { access: { ...access('body.id'), note: 'The timesheets report needs Tracksec (403 without it); src ids must be of the current site (400).' } },
  }, async (request) => {
    const caller = callerOf(request);
    const id = await schedules.save(currentSiteOf(request), { userId: caller.user.id, tracksec: caller.user.tracksec }, request.body);
    return { ok: 1 as const, id };
  });

  app.post('/deletescheduledreport', {
    schema: { ...tag, summary: 'Delete one of the current site\'s scheduled reports and its run log', body: deleteScheduledReportBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: access('body.id') },
  }, async (request) => {
    await schedules.remove(currentSiteOf(request), request.body.id);
    return { ok: 1 as const };
  });

  app.get('/scheduledreportruns', {
    schema: { ...tag, summary: 'The run log of one of the current site\'s scheduled reports (100 newest)', querystring: scheduledReportRunsQuerySchema, response: { 200: scheduledReportRunsAnswerSchema } },
    config: { access: access('query.id') },
  }, async (request) => ({ ok: 1 as const, ...(await schedules.runs(currentSiteOf(request), request.query.id)) }));
};
