import {
  alertListAnswerSchema, alertListQuerySchema, clearAlertBodySchema, clearAlertsBodySchema, clearPanicBodySchema, clearVehicleAlarmBodySchema, dashAlertsAnswerSchema,
  plainSuccessSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { callerOf } from '../../lib/caller.ts';
import { scopedOf, type AccessRule } from '../../plugins/access.ts';
import { dueReasons, type SiteRepository } from '../site/index.ts';
import { alertLocation, panicString } from './alert-view.ts';
import type { AlertsRepository, ClearedRow } from './alerts.repository.ts';

const tag = { tags: ['alerts'] };
/** Kinds listed, counted and cleared with each category: the fuel monitor's drops (issue 16) are vehicle alarms beside the device's own. */
const KINDS: Record<'panic' | 'zone' | 'spn' | 'runover' | 'device', string[]> = { panic: ['panic'], zone: ['geofence'], spn: ['spn'], runover: ['runover'], device: ['device', 'fuel'] };

/** The sites an alert view covers: the session's current site (the spec's calls take no site). */
const sitesOf = (request: Parameters<typeof scopedOf>[0]) => {
  const site = scopedOf(request).currentSite;
  return site ? [site] : [];
};
/** Lists of the current site: none when the session has no site. */
const currentSiteView = { current: 'site', none: 'pass' } as const;
const alertOnCallerSites = (field: 'body.aid') => ({ row: 'alert', field, within: 'caller sites', missing: 'alert' }) as const;
const session = (...scope: NonNullable<AccessRule['scope']>): AccessRule => ({ who: 'session', scope });
/** Clearing an alert changes it for everyone on the site: operators and administrators (not viewers). */
const operator = (...scope: NonNullable<AccessRule['scope']>): AccessRule => ({ who: 'operator', scope });

interface AlertsRoutesOptions {
  repo: AlertsRepository;
  /** The site module's Servicing read: units due for service are counted and listed with the alerts. */
  servicing: Pick<SiteRepository, 'serviceDue'>;
  /** The site's unit system, for distances in the alerts' texts (the site module's settings). */
  systemOfSite: SiteRepository['unitSystem'];
  /** Hears of every alert a clear call closed, after it committed (the site's browsers are told). */
  onCleared?: (rows: ClearedRow[]) => void;
  /** Check lists of the sites with faults not dealt with (the checklists module's door); the Vehicle Check Lists count. */
  vclCount?: (siteIds: number[]) => Promise<number>;
}

export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async (app, { repo, servicing, systemOfSite, onCleared, vclCount }) => {
  /** The unit system of the view's site (alert views cover the current site only). */
  const systemOfView = (sites: number[]) => systemOfSite(sites[0] ?? 0);
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
    const [panic, zone, counts, due, units, vcl] = await Promise.all([
      repo.open(sites, ['panic']), repo.open(sites, ['geofence']), repo.counts(sites), servicing.serviceDue(sites), systemOfView(sites),
      vclCount ? vclCount(sites) : null,
    ]);
    return {
      ok: 1 as const,
      panic: panicString(panic, units),
      geofence: zone.map((a) => ({
        aid: Number(a.id), unitid: a.unit_id, registration: a.registration, updated: a.happened_at.toISOString(),
        vehiclealarm: true, poi: a.poi ?? '', event: a.event,
      })),
      counts: {
        panic: counts.panic ?? 0, zone: counts.geofence ?? 0, spn: counts.spn ?? 0, vcl,
        servicing: due.length, runover: counts.runover ?? 0, device: (counts.device ?? 0) + (counts.fuel ?? 0),
      },
    };
  });

  app.get('/alertlist', {
    schema: { ...tag, summary: 'Alert records of one dashboard category (panic, zone, spn, runover, servicing, device), newest first', querystring: alertListQuerySchema, response: { 200: alertListAnswerSchema } },
    config: { access: session(currentSiteView, { row: 'alert', field: 'query.id', within: 'current site', missing: 'alert' }) },
  }, async (request) => {
    const { list, id, open } = request.query;
    if (list === 'servicing') {
      // Servicing is a state, not an event: each due unit is one record, its id the unit's.
      const sites = sitesOf(request);
      const [all, units] = await Promise.all([servicing.serviceDue(sites), systemOfView(sites)]);
      const due = all.filter((r) => id === undefined || r.unit_id === id);
      if (id !== undefined && due.length === 0) throw notFound('alert');
      return {
        ok: 1 as const,
        alerts: due.map((r) => ({
          aid: r.unit_id, kind: 'servicing', event: 'due', uid: r.unit_id, vehicle: r.registration, poi: '',
          loc: r.lat != null && r.lon != null ? alertLocation({ poi: null, lat: r.lat, lon: r.lon }, units) : '',
          updated: r.due_date ? new Date(`${r.due_date}T00:00:00Z`).toISOString() : new Date().toISOString(),
          lat: r.lat ?? 0, lon: r.lon ?? 0, detail: dueReasons(r, units), cleared: null, clearedby: null, late: false,
        })),
      };
    }
    const sites = sitesOf(request);
    const [rows, units] = await Promise.all([repo.list(sites, KINDS[list], { id, openOnly: open === '1' }), systemOfView(sites)]);
    if (id !== undefined && rows.length === 0) throw notFound('alert');
    return {
      ok: 1 as const,
      alerts: rows.map((a) => ({
        aid: Number(a.id), kind: a.kind, event: a.event, uid: a.unit_id, vehicle: a.registration, poi: a.poi ?? '', loc: alertLocation(a, units),
        updated: a.happened_at.toISOString(), lat: a.lat, lon: a.lon, detail: a.detail,
        cleared: a.cleared_at ? a.cleared_at.toISOString() : null, clearedby: a.cleared_by, late: a.late,
      })),
    };
  });

  app.post('/clearpanicalarm', {
    schema: { ...tag, summary: 'Acknowledge a panic alert', body: clearPanicBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: operator(alertOnCallerSites('body.aid')) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearOne(caller.siteIds, 'panic', request.body.aid, caller.user.id), 'alert');
  });

  app.post('/clearvehiclealarm', {
    schema: { ...tag, summary: "Clear a vehicle's geofence alerts (its alarm flag)", body: clearVehicleAlarmBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: operator({ unit: 'body.uid' }) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearUnit(caller.siteIds, ['geofence'], request.body.uid, caller.user.id), 'unit');
  });

  app.post('/clearalert', {
    schema: { ...tag, summary: 'Acknowledge one open alert of any kind (e.g. a Run Over)', body: clearAlertBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: operator(alertOnCallerSites('body.aid')) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearOne(caller.siteIds, null, request.body.aid, caller.user.id), 'alert');
  });

  app.post('/clearalerts', {
    schema: { ...tag, summary: 'Clear several open alerts of the current site together (not panics), or none', body: clearAlertsBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: operator(currentSiteView, { row: 'alerts', field: 'body.aids', within: 'current site', missing: 'alert' }) },
  }, async (request) => {
    const caller = callerOf(request);
    const result = await repo.clearMany(sitesOf(request), request.body.aids, caller.user.id);
    if (result === 'missing') throw notFound('alert');
    if (result === 'panic') throw badRequest('Panic alerts are acknowledged one by one: leave them out.');
    return cleared(result, 'alert');
  });

  app.post('/clearspnalarm', {
    schema: { ...tag, summary: "Clear a vehicle's fault-code (SPN) alerts", body: clearVehicleAlarmBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: operator({ unit: 'body.uid' }) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearUnit(caller.siteIds, ['spn'], request.body.uid, caller.user.id), 'unit');
  });

  app.post('/cleardevicealarm', {
    schema: { ...tag, summary: "Clear a vehicle's device alarms (power cut, vibration, over-speed, ...)", body: clearVehicleAlarmBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: operator({ unit: 'body.uid' }) },
  }, async (request) => {
    const caller = callerOf(request);
    return cleared(await repo.clearUnit(caller.siteIds, KINDS.device, request.body.uid, caller.user.id), 'unit');
  });
};
