import {
  alertListAnswerSchema, alertListQuerySchema, clearPanicBodySchema, clearVehicleAlarmBodySchema, dashAlertsAnswerSchema,
  plainSuccessSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { Caller } from '../auth/session.service.ts';
import { alertLocation, panicString } from './alert-view.ts';
import type { AlertsRepository } from './alerts.repository.ts';

const tag = { tags: ['alerts'] };
const KIND = { panic: 'panic', zone: 'geofence', spn: 'spn' } as const;

/** The sites an alert view covers: the session's current site (the spec's calls take no site). */
const sitesOf = (c: Caller) => (c.session.siteId ? [c.session.siteId] : []);

export const alertsRoutes: FastifyPluginAsyncZod<{ repo: AlertsRepository }> = async (app, { repo }) => {
  app.get('/dashalerts', {
    schema: { ...tag, summary: "The site's open alerts: the panic string, geofence alerts and the dashboard counts", response: { 200: dashAlertsAnswerSchema } },
  }, async (request) => {
    const sites = sitesOf(callerOf(request));
    const [panic, zone, counts] = await Promise.all([repo.open(sites, ['panic']), repo.open(sites, ['geofence']), repo.counts(sites)]);
    return {
      ok: 1 as const,
      panic: panicString(panic),
      geofence: zone.map((a) => ({
        aid: Number(a.id), unitid: a.unit_id, registration: a.registration, updated: a.happened_at.toISOString(),
        vehiclealarm: true, poi: a.poi ?? '', event: a.event,
      })),
      counts: { panic: counts.panic ?? 0, zone: counts.geofence ?? 0, spn: counts.spn ?? 0, vcl: null, servicing: null, runover: null },
    };
  });

  app.get('/alertlist', {
    schema: { ...tag, summary: 'Alert records of one dashboard category (panic, zone, spn), newest first', querystring: alertListQuerySchema, response: { 200: alertListAnswerSchema } },
  }, async (request) => {
    const { list, id, open } = request.query;
    const rows = await repo.list(sitesOf(callerOf(request)), KIND[list], { id, openOnly: open === '1' });
    if (id !== undefined && rows.length === 0) throw notFound('alert');
    return {
      ok: 1 as const,
      alerts: rows.map((a) => ({
        aid: Number(a.id), kind: a.kind, event: a.event, uid: a.unit_id, vehicle: a.registration, poi: a.poi ?? '', loc: alertLocation(a),
        updated: a.happened_at.toISOString(), lat: a.lat, lon: a.lon, detail: a.detail,
        cleared: a.cleared_at ? a.cleared_at.toISOString() : null, clearedby: a.cleared_by,
      })),
    };
  });

  app.post('/clearpanicalarm', {
    schema: { ...tag, summary: 'Acknowledge a panic alert', body: clearPanicBodySchema, response: { 200: plainSuccessSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    if (!(await repo.clearOne(caller.siteIds, 'panic', request.body.aid, caller.user.id))) throw notFound('alert');
    return { ok: 1 as const };
  });

  app.post('/clearvehiclealarm', {
    schema: { ...tag, summary: "Clear a vehicle's geofence alerts (its alarm flag)", body: clearVehicleAlarmBodySchema, response: { 200: plainSuccessSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    if (!(await repo.clearUnit(caller.siteIds, ['geofence'], request.body.uid, caller.user.id))) throw notFound('unit');
    return { ok: 1 as const };
  });

  app.post('/clearspnalarm', {
    schema: { ...tag, summary: "Clear a vehicle's fault-code (SPN) alerts", body: clearVehicleAlarmBodySchema, response: { 200: plainSuccessSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    if (!(await repo.clearUnit(caller.siteIds, ['spn'], request.body.uid, caller.user.id))) throw notFound('unit');
    return { ok: 1 as const };
  });
};
