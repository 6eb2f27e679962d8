import {
  addTimesheetShiftBodySchema, createDuffTimesheetBodySchema, getTimesheetQuerySchema, getTimesheetsQuerySchema,
  removeTimesheetRecordBodySchema, shiftPatternsAnswerSchema, shiftPatternsQuerySchema, timesheetChangeAnswerSchema,
  timesheetListAnswerSchema, timesheetSheetAnswerSchema, updateShiftBodySchema, updateShiftNotesBodySchema, weekCommencingOf, zonedDate,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { callerOf } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import { type AccessRule, currentSiteOf, CURRENT_SITE_REQUIRED } from '../../plugins/access.ts';
import { zoneOrFallback } from '../journeys/index.ts';
import type { ChangedBy, TimesheetsService } from './timesheets.service.ts';

const tag = { tags: ['timesheets'] };
/** Every timesheet call: operators and administrators holding Tracksec. */
const gate = (rule: Omit<AccessRule, 'who' | 'flags'>): AccessRule => ({ who: 'operator', flags: ['tracksec'], ...rule });
const LOCK_NOTE = 'A signed-off (locked) timesheet refuses the change: 409.';
const shiftRow = (field: 'body.id' | 'body.shift') =>
  ({ row: 'timesheet shift', field, within: 'caller sites', missing: 'shift' }) as const;

/**
 * The timesheet calls (issue 14): shift patterns, the week's list, a driver's week, and the
 * office's corrections, each written to the sheet's audit. Every call needs the session's tracksec
 * flag; a driver, sheet or shift of another site is answered as missing.
 */
export const timesheetsRoutes: FastifyPluginAsyncZod<{ service: TimesheetsService; pool: pg.Pool; now?: () => Date }> = async (app, { service, pool, now = () => new Date() }) => {
  const byOf = (request: Parameters<typeof callerOf>[0]): ChangedBy => {
    const caller = callerOf(request);
    return { userId: caller.user.id, userName: caller.user.name };
  };

  app.get('/shiftpatterns', {
    schema: { ...tag, summary: "A site's shift patterns (the default first)", querystring: shiftPatternsQuerySchema, response: { 200: shiftPatternsAnswerSchema } },
    config: { access: gate({ scope: [{ site: 'query.siteid' }] }) },
  }, async (request) => ({ ok: 1 as const, patterns: await service.patterns(request.query.siteid) }));

  app.get('/gettimesheets', {
    schema: {
      ...tag, summary: "The week's timesheets of the current site's drivers (wcoverride: another week commencing, a Monday)",
      querystring: getTimesheetsQuerySchema, response: { 200: timesheetListAnswerSchema },
    },
    config: { access: gate({ scope: [CURRENT_SITE_REQUIRED], note: "Default week: the current one in the site's time zone." }) },
  }, async (request) => {
    const siteId = currentSiteOf(request);
    const site = (await pool.query<{ timezone: string }>('SELECT timezone FROM sites WHERE id = $1', [siteId])).rows[0];
    const timezone = zoneOrFallback(site?.timezone);
    const wc = request.query.wcoverride ?? weekCommencingOf(zonedDate(Math.floor(now().getTime() / 1000), timezone));
    return { ok: 1 as const, wc, timezone, timesheets: await service.weekOfSite(siteId, wc) };
  });

  app.get('/gettimesheet', {
    schema: { ...tag, summary: "A driver's week in full (its timesheet made if there is none yet)", querystring: getTimesheetQuerySchema, response: { 200: timesheetSheetAnswerSchema } },
    config: { access: gate({ scope: [{ row: 'driver', field: 'query.driver', within: 'caller sites', missing: 'driver' }] }) },
  }, async (request) => {
    const sheet = await service.sheetOf(callerOf(request).siteIds, request.query.driver, request.query.wc);
    if (!sheet) throw notFound('driver');
    return { ok: 1 as const, timesheet: sheet };
  });

  app.post('/updateshift', {
    schema: { ...tag, summary: "The office's start, end (ISO time) or break (seconds) of a shift", body: updateShiftBodySchema, response: { 200: timesheetChangeAnswerSchema } },
    config: { access: gate({ scope: [shiftRow('body.id')], note: LOCK_NOTE }) },
  }, async (request) => {
    const { w, id, nt } = request.body;
    return { ok: 1 as const, timesheet: await service.updateShift(callerOf(request).siteIds, id, w, nt, byOf(request)) };
  });

  app.post('/updateshiftnotes', {
    schema: { ...tag, summary: "The office's notes on a shift", body: updateShiftNotesBodySchema, response: { 200: timesheetChangeAnswerSchema } },
    config: { access: gate({ scope: [shiftRow('body.shift')], note: LOCK_NOTE }) },
  }, async (request) => ({
    ok: 1 as const, timesheet: await service.updateNotes(callerOf(request).siteIds, request.body.shift, request.body.notes, byOf(request)),
  }));

  app.post('/addtimesheetshift', {
    schema: { ...tag, summary: 'A shift the data does not have, added by the office to a timesheet', body: addTimesheetShiftBodySchema, response: { 200: timesheetChangeAnswerSchema } },
    config: { access: gate({ scope: [{ row: 'timesheet', field: 'body.id', within: 'caller sites', missing: 'timesheet' }], note: LOCK_NOTE }) },
  }, async (request) => {
    const { id, ...body } = request.body;
    const out = await service.addShift(callerOf(request).siteIds, id, body, byOf(request));
    return { ok: 1 as const, id: out.id, timesheet: out.timesheet };
  });

  app.post('/removetimesheetrecord', {
    schema: { ...tag, summary: 'Removes a shift from the timesheet (the record stays, marked removed)', body: removeTimesheetRecordBodySchema, response: { 200: timesheetChangeAnswerSchema } },
    config: { access: gate({ scope: [shiftRow('body.id')], note: LOCK_NOTE }) },
  }, async (request) => ({ ok: 1 as const, timesheet: await service.removeRecord(callerOf(request).siteIds, request.body.id, byOf(request)) }));

  app.post('/createdufftimesheet', {
    schema: { ...tag, summary: 'A timesheet for a week in which the driver has no data (to enter shifts by hand)', body: createDuffTimesheetBodySchema, response: { 200: timesheetChangeAnswerSchema } },
    config: {
      access: gate({
        scope: [{ row: 'driver', field: 'body.driver', within: 'caller sites', missing: 'driver' }],
        note: 'Refused (409) when the week has a timesheet or driving already.',
      }),
    },
  }, async (request) => ({
    ok: 1 as const, timesheet: await service.createDuff(callerOf(request).siteIds, request.body.driver, request.body.wc, byOf(request)),
  }));
};
