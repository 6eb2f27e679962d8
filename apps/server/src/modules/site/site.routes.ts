import {
  plainSuccessSchema, servicePlanAnswerSchema, servicePlanBodySchema, servicePlanQuerySchema, siteMessageAnswerSchema,
  type UnitSystem, unitSystemBodySchema, updateSiteMessageBodySchema, workingHoursAnswerSchema, workingHoursBodySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import { dueReasons } from './service-plan.ts';
import type { SiteRepository } from './site.repository.ts';
import { currentSiteOf, scopedOf } from '../../plugins/access.ts';

const tag = { tags: ['site'] };

/** Working hours belong to the current site; without one, there is no such site. */
const currentSiteNeeded = { current: 'site', none: { status: 404, message: 'No such site.' } } as const;

/**
 * A site's settings: the message and the working hours of the session's current site, and the
 * service plans of its units. Everyone on the site reads them (operators see the Servicing list and
 * Run Over alerts they define); only administrators change them.
 */
export const siteRoutes: FastifyPluginAsyncZod<{
  repo: SiteRepository; onMessage: (siteId: number, message: string) => void; onUnitSystem?: (siteId: number, system: UnitSystem) => void;
}> = async (app, { repo, onMessage, onUnitSystem }) => {
  app.get('/sitemessage', {
    schema: { ...tag, summary: "The current site's message to its users", response: { 200: siteMessageAnswerSchema } },
    config: { access: { who: 'session', scope: [{ current: 'site', none: 'pass' }] } },
  }, async (request) => {
    const siteId = scopedOf(request).currentSite;
    if (!siteId) return { ok: 1 as const, message: '', siteid: null };
    return { ok: 1 as const, message: (await repo.message(siteId)) ?? '', siteid: siteId };
  });

  app.post('/updatesitemessage', {
    schema: { ...tag, summary: "Set the current site's message (administrators)", body: updateSiteMessageBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'admin', scope: [{ current: 'site', none: { status: 400, message: 'Pick a site first: the message belongs to the site you are on.' } }] } },
  }, async (request) => {
    const siteId = currentSiteOf(request);
    await repo.setMessage(siteId, request.body.msg);
    onMessage(siteId, request.body.msg);
    return { ok: 1 as const };
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

  app.get('/serviceplan', {
    schema: { ...tag, summary: "A unit's service plan, its readings now and whether it is due", querystring: servicePlanQuerySchema, response: { 200: servicePlanAnswerSchema } },
    config: { access: { who: 'session', scope: [{ unit: 'query.uid' }] } },
  }, async (request) => {
    const r = await repo.servicePlan(callerOf(request).siteIds, request.query.uid);
    if (!r) throw notFound('unit');
    const units = await repo.unitSystem(r.site_id);
    return {
      ok: 1 as const, uid: r.unit_id, duedate: r.due_date, duekm: r.due_km, duehours: r.due_hours, km: r.km, hours: r.hours,
      due: r.due, detail: r.due ? dueReasons(r, units) : '',
    };
  });

  app.get('/workinghours', {
    schema: { ...tag, summary: "The current site's working hours (ignition on outside them is a Run Over) and its time zone", response: { 200: workingHoursAnswerSchema } },
    config: { access: { who: 'session', scope: [currentSiteNeeded] } },
  }, async (request) => {
    const site = await repo.workingHours(currentSiteOf(request));
    if (!site) throw notFound('site');
    return { ok: 1 as const, ...site.hours, timezone: site.timezone };
  });

  app.post('/setworkinghours', {
    schema: { ...tag, summary: "Set the current site's working hours: ignition on outside them is a Run Over (administrators)", body: workingHoursBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'admin', scope: [currentSiteNeeded] } },
  }, async (request) => {
    await repo.setWorkingHours(currentSiteOf(request), request.body);
    return { ok: 1 as const };
  });

  app.post('/setunitsystem', {
    schema: { ...tag, summary: "Set the current site's unit system: 'imperial' (mi, mph, yd) or 'metric' (km, km/h, m) (administrators)", body: unitSystemBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'admin', scope: [currentSiteNeeded] } },
  }, async (request) => {
    const siteId = currentSiteOf(request);
    await repo.setUnitSystem(siteId, request.body.system);
    onUnitSystem?.(siteId, request.body.system);
    return { ok: 1 as const };
  });
};
