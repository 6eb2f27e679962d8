import multipart from '@fastify/multipart';
import {
  driverTimesheetAnswerSchema, driverTimesheetQuerySchema, driverTimesheetSignAnswerSchema, driverTimesheetSignBodySchema, MAX_UPLOAD_BYTES,
  reopenTimesheetAnswerSchema, reopenTimesheetBodySchema, signoffTimesheetsAnswerSchema, signoffTimesheetsBodySchema, timesheetPdfQuerySchema,
  timesheetSignatureAnswerSchema, timesheetSignatureBodySchema, timesheetSignoffsAnswerSchema, timesheetSignoffsQuerySchema, UPLOAD_MESSAGES,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Caller, callerOf } from '../../lib/caller.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { readImageForm } from '../../lib/image-form.ts';
import { CURRENT_SITE_REQUIRED, currentSiteOf } from '../../plugins/access.ts';
import type { ChangedBy, SignoffService } from './signoff.service.ts';

const tag = { tags: ['timesheets'] };
const office: { who: 'operator'; flags: Array<'tracksec'> } = { who: 'operator', flags: ['tracksec'] };
const byOf = (caller: Caller): ChangedBy => ({ userId: caller.user.id, userName: caller.user.name });

/** A driver-mode session's site and driver (driver calls always have both). */
function driverOf(caller: Caller): { siteId: number; driverId: number } {
  if (caller.session.siteId === null || caller.session.driverId === null) throw badRequest('This device has no site.');
  return { siteId: caller.session.siteId, driverId: caller.session.driverId };
}

/** A file name of plain letters: 'timesheet-alice-driver-2026-11-16-v2.pdf'. */
export function pdfFileName(driver: string, wc: string, version: number): string {
  const slug = driver.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 40) || 'driver';
  return `timesheet-${slug}-${wc}-v${version}.pdf`;
}

export interface SignoffRoutesOptions {
  signoff: SignoffService;
  /** The uploads door's save (the signature image is checked and re-encoded there). */
  saveImage(u: { siteId: number; unitId: null; userId: number; clientKey: string; bytes: Buffer }): Promise<{ id: number }>;
}

/** Timesheet sign-off (issue 14): the office signs off weeks (locked, PDF stored), downloads and reopens; the driver signs on the cab. */
export const signoffRoutes: FastifyPluginAsyncZod<SignoffRoutesOptions> = async (app, { signoff, saveImage }) => {
  app.get('/timesheetsignoffs', {
    schema: { ...tag, summary: "The site's timesheets of a week with their sign-offs", querystring: timesheetSignoffsQuerySchema, response: { 200: timesheetSignoffsAnswerSchema } },
    config: { access: { ...office, scope: [CURRENT_SITE_REQUIRED], note: 'wcnumber: a Monday, else the current week in the site\'s zone' } },
  }, async (request) => ({ ok: 1 as const, ...(await signoff.week(currentSiteOf(request), request.query.wcnumber)) }));

  await app.register(async (form) => {
    await form.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 200, fieldNameSize: 40, headerPairs: 20 } });
    form.post('/timesheetsignature', {
      schema: { ...tag, summary: "Uploads the office's signature for a sign-off (multipart: key, image)", consumes: ['multipart/form-data'], response: { 200: timesheetSignatureAnswerSchema } },
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      config: { access: { ...office, scope: [CURRENT_SITE_REQUIRED], note: 'multipart; an image of the current site; same key: same id' } },
    }, async (request) => {
      const { fields, bytes } = await readImageForm(request);
      const parsed = timesheetSignatureBodySchema.safeParse(fields);
      if (!parsed.success) throw badRequest(`The request is not valid: body.${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      if (!bytes || bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
      const saved = await saveImage({ siteId: currentSiteOf(request), unitId: null, userId: callerOf(request).user.id, clientKey: parsed.data.key, bytes });
      return { ok: 1 as const, id: saved.id };
    });
  });

  app.post('/signofftimesheets', {
    schema: { ...tag, summary: 'Signs off timesheets of a week: each is locked and its PDF stored', body: signoffTimesheetsBodySchema, response: { 200: signoffTimesheetsAnswerSchema } },
    config: {
      access: {
        ...office, scope: [CURRENT_SITE_REQUIRED, { row: 'timesheet', field: 'body.ids', within: 'current site', missing: 'timesheet' }],
        note: 'all of week wcnumber and open; soid and idss: uploads of the site (timesheetsignature)',
      },
    },
  }, async (request) => ({ ok: 1 as const, signoffs: await signoff.signOff(currentSiteOf(request), byOf(callerOf(request)), request.body) }));

  app.get('/timesheetpdf', {
    schema: { ...tag, summary: 'A signed-off timesheet as stored (the PDF, not JSON)', querystring: timesheetPdfQuerySchema },
    config: { access: { ...office, scope: [{ row: 'timesheet sign-off', field: 'query.id', within: 'caller sites', missing: 'sign-off' }] } },
  }, async (request, reply) => {
    const file = await signoff.pdf(request.query.id, callerOf(request).siteIds);
    if (!file) throw notFound('sign-off');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdfFileName(file.driver, file.wc, file.version)}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.pdf);
  });

  app.post('/reopentimesheet', {
    schema: { ...tag, summary: 'Reopens a signed-off timesheet as a new version (its PDFs stay)', body: reopenTimesheetBodySchema, response: { 200: reopenTimesheetAnswerSchema } },
    config: { access: { who: 'admin', flags: ['tracksec'], scope: [{ row: 'timesheet', field: 'body.id', within: 'caller sites', missing: 'timesheet' }] } },
  }, async (request) => {
    const caller = callerOf(request);
    return { ok: 1 as const, version: await signoff.reopen(request.body.id, caller.siteIds, byOf(caller)) };
  });

  app.get('/drivertimesheet', {
    schema: { ...tag, summary: "The signed-in driver's own week", querystring: driverTimesheetQuerySchema, response: { 200: driverTimesheetAnswerSchema } },
    config: { access: { who: 'driver', note: "the session's driver only; wc: a Monday, else the current week" } },
  }, async (request) => {
    const { siteId, driverId } = driverOf(callerOf(request));
    return { ok: 1 as const, timesheet: await signoff.driverWeek(siteId, driverId, request.query.wc) };
  });

  app.post('/drivertimesheetsign', {
    schema: { ...tag, summary: 'The driver signs their week on the cab device', body: driverTimesheetSignBodySchema, response: { 200: driverTimesheetSignAnswerSchema } },
    config: { access: { who: 'driver', scope: [{ row: 'timesheet', field: 'body.id', within: 'current site', missing: 'timesheet' }], note: "the session's driver's own timesheet, the version read; sig: an upload of the site" } },
  }, async (request) => {
    const caller = callerOf(request);
    const { siteId, driverId } = driverOf(caller);
    return { ok: 1 as const, signedAt: await signoff.driverSign(siteId, driverId, byOf(caller), request.body) };
  });
};
