import {
  alertListAnswerSchema, alertListQuerySchema, clearAlertBodySchema, clearPanicBodySchema, servicePlanBodySchema, workingHoursBodySchema, clearVehicleAlarmBodySchema, dashAlertsAnswerSchema,
  DEFAULT_WORKING_HOURS, plainSuccessSchema, servicePlanAnswerSchema, servicePlanQuerySchema, workingHoursAnswerSchema, workingHoursSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { callerOf } from '../../lib/caller.ts';
import { currentSiteOf, scopedOf, type AccessRule } from '../../plugins/access.ts';
import { alertLocation, panicString } from './alert-view.ts';
import type { AlertsRepository, ClearedRow, ServiceDueRow } from './alerts.repository.ts';

const tag = { tags: ['alerts'] };
const KIND = { panic: 'panic', zone: 'geofence', spn: 'spn', runover: 'runover' } as const;

/** Why a unit is due, in words. */
function dueReasons(r: ServiceDueRow): string {
  const why: string[] = [];
  if (r.due_date && r.due_date <= new Date().toISOString().slice(0, 10)) why.push(`date ${r.due_date} reached`);
  if (r.due_km != null && r.km != null && r.km >= r.due_km) why.push(`${Math.round(r.km).toLocaleString('en-GB')} km of ${r.due_km.toLocaleString('en-GB')} km`);
  if (r.due_hours != null && r.hours != null && r.hours >= r.due_hours) why.push(`${Math.round(r.hours)} of ${r.due_hours} engine hours`);
  return `Service due: ${why.join(', ')}`;
}

/** The sites an alert view covers: the session's current site (the spec's calls take no site). */
const sitesOf = (request: Parameters<typeof scopedOf>[0]) => {
  const site = scopedOf(request).currentSite;
  return site ? [site] : [];
};
/** Lists of the current site: none when the session has no site. */
const currentSiteView = { current: 'site', none: 'pass' } as const;
/** Working hours belong to the current site; without one, there is no such site. */
const currentSiteNeeded = { current: 'site', none: { status: 404, message: 'No such site.' } } as const;
const alertOnCallerSites = (field: 'body.aid') => ({ row: 'alert', field, within: 'caller sites', missing: 'alert' }) as const;
const session = (...scope: NonNullable<AccessRule['scope']>): AccessRule => ({ who: 'session', scope });

/** `onCleared` hears of every alert a clear call closed, after it committed (the site's browsers are told). */
export const alertsRoutes: FastifyPluginAsyncZod<{ repo: AlertsRepository; onCleared?: (rows: ClearedRow[]) => void }> = async (app, { repo, onCleared }) => {
  const cleared = (rows: ClearedRow[] | null, what: string) => {
    if (!rows) throw notFound(what);
    if (rows.length > 0) onCleared?.(rows);
    return { ok: 1 as const };
  };

  app.get('/dashalerts', {
    schema: { ...tag, summary: "The site's open alerts: the panic string, geofence alerts and the dashboard counts", response: { 200: dashAlertsAnswerSchema } },
    config: { access: session(currentSiteView) },
  }, async (request) => {
    const sites = sitesOf(request);
    const [panic, zone, counts, due] = await Promise.all([
      repo.open(sites, ['panic']), repo.open(sites, ['geofence']), repo.counts(sites), repo.serviceDue(sites),
    ]);
    return {
      ok: 1 as const,
      panic: panicString(panic),
      geofence: zone.map((a) => ({
        aid: Number(a.id), unitid: a.unit_id, registration: a.registration, updated: a.happened_at.toISOString(),
        vehiclealarm: true, poi: a.poi ?? '', event: a.event,
      })),
      counts: {
        panic: counts.panic ?? 0, zone: counts.geofence ?? 0, spn: counts.spn ?? 0, vcl: null,
        servicing: due.length, runover: counts.runover ?? 0,
      },
    };
  });

  app.get('/alertlist', {
    schema: { ...tag, summary: 'Alert records of one dashboard category (panic, zone, spn), newest first', querystring: alertListQuerySchema, response: { 200: alertListAnswerSchema } },
    config: { access: session(currentSiteView, { row: 'alert', field: 'query.id', within: 'current site', missing: 'alert' }) },
  }, async (request) => {
    const { list, id, open } = request.query;
    if (list === 'servicing') {
      // Servicing is a state, not an event: each due unit is one record, its id the unit's.
      const due = (await repo.serviceDue(sitesOf(request))).filter((r) => id === undefined || r.unit_id === id);
      if (id !== undefined && due.length === 0) throw notFound('alert');
      return {
        ok: 1 as const,
        alerts: due.map((r) => ({
          aid: r.unit_id, kind: 'servicing', event: 'due', uid: r.unit_id, vehicle: r.registration, poi: '',
          loc: r.lat != null && r.lon != null ? alertLocation({ poi: null, lat: r.lat, lon: r.lon }) : '',
          updated: r.due_date ? new Date(`${r.due_date}T00:00:00Z`).toISOString() : new Date().toISOString(),
          lat: r.lat ?? 0, lon: r.lon ?? 0, detail: dueReasons(r), cleared: null, clearedby: null,
        })),
      };
    }
    const rows = await repo.list(sitesOf(request), KIND[list], { id, openOnly: open === '1' });
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
    config: { access: session(alertOnCallerSites('body.aid')) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearOne(caller.siteIds, 'panic', request.body.aid, caller.user.id), 'alert');
  });

  app.post('/clearvehiclealarm', {
    schema: { ...tag, summary: "Clear a vehicle's geofence alerts (its alarm flag)", body: clearVehicleAlarmBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: session({ unit: 'body.uid' }) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearUnit(caller.siteIds, ['geofence'], request.body.uid, caller.user.id), 'unit');
  });

  app.post('/clearalert', {
    schema: { ...tag, summary: 'Acknowledge one open alert of any kind (e.g. a Run Over)', body: clearAlertBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: session(alertOnCallerSites('body.aid')) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearOne(caller.siteIds, null, request.body.aid, caller.user.id), 'alert');
  });

  app.post('/setserviceplan', {
    schema: { ...tag, summary: "Set a unit's service plan: due date, odometer (km) or engine hours (administrators)", body: servicePlanBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'admin', scope: [{ unit: 'body.uid' }] } },
  }, async (request) => {
    const caller = callerOf(request);
    const { uid, duedate, duekm, duehours } = request.body;
    if (!(await repo.setServicePlan(caller.siteIds, uid, { date: duedate, km: duekm, hours: duehours }))) throw notFound('unit');
    return { ok: 1 as const };
  });

  // Reads are open to every user of the site: operators see the Servicing list and Run Over alerts
  // these define; only administrators change them.
  app.get('/serviceplan', {
    schema: { ...tag, summary: "A unit's service plan, its readings now and whether it is due", querystring: servicePlanQuerySchema, response: { 200: servicePlanAnswerSchema } },
    config: { access: session({ unit: 'query.uid' }) },
  }, async (request) => {
    const r = await repo.servicePlan(callerOf(request).siteIds, request.query.uid);
    if (!r) throw notFound('unit');
    return {
      ok: 1 as const, uid: r.unit_id, duedate: r.due_date, duekm: r.due_km, duehours: r.due_hours, km: r.km, hours: r.hours,
      due: r.due, detail: r.due ? dueReasons(r) : '',
    };
  });

  app.get('/workinghours', {
    schema: { ...tag, summary: "The current site's working hours (ignition on outside them is a Run Over) and its time zone", response: { 200: workingHoursAnswerSchema } },
    config: { access: session(currentSiteNeeded) },
  }, async (request) => {
    const site = await repo.workingHours(currentSiteOf(request));
    if (!site) throw notFound('site');
    const parsed = workingHoursSchema.safeParse(site.hours);
    return { ok: 1 as const, ...(parsed.success ? parsed.data : DEFAULT_WORKING_HOURS), timezone: site.timezone };
  });

  app.post('/setworkinghours', {
    schema: { ...tag, summary: "Set the current site's working hours: ignition on outside them is a Run Over (administrators)", body: workingHoursBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'admin', scope: [currentSiteNeeded] } },
  }, async (request) => {
    await repo.setWorkingHours(currentSiteOf(request), request.body);
    return { ok: 1 as const };
  });

  app.post('/clearspnalarm', {
    schema: { ...tag, summary: "Clear a vehicle's fault-code (SPN) alerts", body: clearVehicleAlarmBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: session({ unit: 'body.uid' }) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearUnit(caller.siteIds, ['spn'], request.body.uid, caller.user.id), 'unit');
  });
};
