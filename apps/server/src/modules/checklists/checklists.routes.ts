import {
  cabUnitAnswerSchema, cabUnitQuerySchema, checklistAnswerSchema, checklistQuerySchema, signoffChecklistAnswerSchema,
  signoffChecklistBodySchema, unitSignoffAnswerSchema, unitSignoffBodySchema, vclAlertsAnswerSchema, vclAnswerSchema, vclDealtAnswerSchema,
  vclDealtQuerySchema, vclQuerySchema, vclsAnswerSchema, vclsQuerySchema, vclViewAnswerSchema, vclViewQuerySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type Caller } from '../../lib/caller.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { scopedOf } from '../../plugins/access.ts';
import type { ChecklistsRepository, TemplateRow } from './checklists.repository.ts';

const tag = { tags: ['checklists'] };
const iso = (d: Date) => d.toISOString();
const itemsOf = (t: TemplateRow | null) => (t?.items ?? []).map((i) => ({ item: i.name }));

export interface ChecklistEvents {
  checklistNew(siteId: number, event: { id: number; uid: number; registration: string; ic: number }): void;
  faultDealt(siteId: number, event: { id: number; faultid: number; open: number }): void;
}

export interface ChecklistsRoutesOptions {
  repo: ChecklistsRepository;
  /** Of `ids`, those that are uploads of the site (the uploads module's door). */
  uploadsOfSite(ids: number[], siteId: number): Promise<Set<number>>;
  events?: ChecklistEvents;
}

/** A driver-mode session's site (its cab device's); driver calls always have one. */
function driverSite(caller: Caller): number {
  if (caller.session.siteId === null) throw badRequest('This device has no site.');
  return caller.session.siteId;
}

/** Check list templates, check lists, faults and the office's handling of them (issue 11). */
export const checklistsRoutes: FastifyPluginAsyncZod<ChecklistsRoutesOptions> = async (app, { repo, uploadsOfSite, events }) => {
  app.get('/vcls', {
    schema: { ...tag, summary: "The site's check list templates", querystring: vclsQuerySchema, response: { 200: vclsAnswerSchema } },
    config: { access: { who: 'operator', scope: [{ site: 'query.siteid' }, { current: 'site', none: 'pass' }], note: 'siteid, else the current site' } },
  }, async (request) => {
    const site = request.query.siteid ?? scopedOf(request).currentSite;
    const rows = site === null ? [] : await repo.templatesOfSite(site);
    return {
      ok: 1 as const,
      vcls: rows.map((t) => ({ id: t.id, name: t.name, unittype: t.unit_type_id, typename: t.type_name, items: t.items.length, updated: iso(t.updated_at) })),
    };
  });

  app.get('/vcl', {
    schema: { ...tag, summary: 'A check list template and its items', querystring: vclQuerySchema, response: { 200: vclAnswerSchema } },
    config: { access: { who: 'session', alsoDriver: true, scope: [{ row: 'template', field: 'query.id', within: 'caller sites', missing: 'check list' }] } },
  }, async (request) => {
    const t = await repo.template(request.query.id, callerOf(request).siteIds);
    if (!t) throw notFound('check list');
    return { ok: 1 as const, vcl: { id: t.id, name: t.name, unittype: t.unit_type_id, items: itemsOf(t) } };
  });

  app.get('/checklist', {
    schema: { ...tag, summary: "A vehicle's current check list (by registration)", querystring: checklistQuerySchema, response: { 200: checklistAnswerSchema } },
    config: { access: { who: 'driver', note: "a vehicle of the cab device's site" } },
  }, async (request) => {
    const site = driverSite(callerOf(request));
    const unit = await repo.unitByRegistration(site, request.query.reg);
    if (!unit) throw notFound('vehicle');
    const [t, last, lastmileage] = await Promise.all([repo.templateForType(site, unit.unit_type_id), repo.lastChecklist(unit.id), repo.lastMileage(unit.id)]);
    return {
      ok: 1 as const,
      checklist: {
        uid: unit.id, registration: unit.registration, vcl: t?.id ?? 0, name: t?.name ?? '', items: itemsOf(t), lastmileage,
        last: last ? { id: last.id, reported: iso(last.reported_at), ic: last.issue_count } : null,
      },
    };
  });

  app.post('/signoffchecklistv5', {
    schema: { ...tag, summary: 'Signs off a vehicle check list (exactly once per key)', body: signoffChecklistBodySchema, response: { 200: signoffChecklistAnswerSchema } },
    config: {
      access: {
        who: 'driver', scope: [{ unit: 'body.uid' }],
        note: 'ic = faulty items; image and sig ids: uploads of the same site; vcl: a template of the site or 0; same key: same id',
      },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const site = driverSite(caller);
    const body = request.body;
    const unit = await repo.unit(body.uid, [site]);
    if (!unit) throw notFound('unit');
    const faulty = body.details.items.filter((i) => i.faulty).length;
    if (body.ic !== faulty) throw badRequest(`The check list says ${body.ic} faulty items (ic) but marks ${faulty}.`);
    const imageIds = [...new Set([body.sig, ...body.details.items.flatMap((i) => (i.image === null ? [] : [i.image]))])];
    const known = await uploadsOfSite(imageIds, site);
    if (!known.has(body.sig)) throw badRequest('The signature was not uploaded: upload it first (sendtempimage).');
    const missing = imageIds.filter((id) => !known.has(id));
    if (missing.length > 0) throw badRequest(`Photo ${missing[0]} was not uploaded: upload it first (sendtempimage).`);
    let templateId: number | null = null;
    if (body.vcl !== 0) {
      const t = await repo.template(body.vcl, [site], { deleted: true });
      if (!t) throw notFound('check list');
      templateId = t.id;
    }
    const saved = await repo.insertChecklist({
      siteId: site, unitId: unit.id, templateId, userId: caller.user.id, driverId: caller.session.driverId, cabDeviceId: caller.session.cabDeviceId, body,
    });
    if (!saved.duplicate) events?.checklistNew(site, { id: saved.id, uid: unit.id, registration: unit.registration, ic: body.ic });
    return { ok: 1 as const, id: saved.id, duplicate: saved.duplicate };
  });

  app.get('/cabunit', {
    schema: { ...tag, summary: "The driver's view of a vehicle: last report, open faults, last check list", querystring: cabUnitQuerySchema, response: { 200: cabUnitAnswerSchema } },
    config: { access: { who: 'driver', scope: [{ unit: 'query.uid' }], note: 'uid, else the assigned vehicle' } },
  }, async (request) => {
    const caller = callerOf(request);
    const site = driverSite(caller);
    const uid = request.query.uid ?? caller.session.unitId;
    if (!uid) throw notFound('vehicle');
    const unit = await repo.unit(uid, [site]);
    if (!unit) throw notFound('vehicle');
    const [report, faults, last, signoff] = await Promise.all([
      repo.lastReport(unit.id), repo.openFaults(unit.id), repo.lastChecklist(unit.id), repo.lastSignoff(unit.id),
    ]);
    return {
      ok: 1 as const,
      unit: {
        uid: unit.id, registration: unit.registration, typename: unit.type_name,
        lastreport: report ? {
          time: iso(report.device_time), loc: `${report.lat.toFixed(5)},${report.lon.toFixed(5)}`, speed: report.speed, ign: report.ignition ?? false,
        } : null,
        faults: faults.map((f) => ({ id: f.id, item: f.item, note: f.note, image: f.upload_id, reported: iso(f.created_at), by: f.by })),
        lastchecklist: last ? { id: last.id, reported: iso(last.reported_at), by: last.by, ic: last.issue_count } : null,
        signedoff: signoff ? { at: iso(signoff.created_at), by: signoff.by } : null,
      },
    };
  });

  app.post('/unitsignoff', {
    schema: { ...tag, summary: 'The driver declares they saw the faults open on the vehicle', body: unitSignoffBodySchema, response: { 200: unitSignoffAnswerSchema } },
    config: { access: { who: 'driver', scope: [{ unit: 'body.uid' }], note: 'faults: open faults of that vehicle' } },
  }, async (request) => {
    const caller = callerOf(request);
    const site = driverSite(caller);
    const unit = await repo.unit(request.body.uid, [site]);
    if (!unit) throw notFound('unit');
    const wanted = [...new Set(request.body.faults)];
    const open = await repo.openFaultIds(unit.id, wanted);
    if (open.length !== wanted.length) throw badRequest(`Fault ${wanted.find((f) => !open.includes(f))} is not open on this vehicle.`);
    const id = await repo.insertSignoff({ siteId: site, unitId: unit.id, userId: caller.user.id, driverId: caller.session.driverId, faultIds: wanted, note: request.body.note });
    return { ok: 1 as const, id };
  });

  app.get('/vclalerts', {
    schema: { ...tag, summary: 'Check lists of the current site with faults not dealt with, newest first', response: { 200: vclAlertsAnswerSchema } },
    config: { access: { who: 'session', scope: [{ current: 'site', none: 'pass' }] } },
  }, async (request) => {
    const site = scopedOf(request).currentSite;
    return { ok: 1 as const, checklists: site === null ? [] : await repo.withOpenFaults([site]) };
  });

  app.get('/vclview', {
    schema: { ...tag, summary: 'A signed-off check list with its items, photos, signature and faults', querystring: vclViewQuerySchema, response: { 200: vclViewAnswerSchema } },
    config: { access: { who: 'session', scope: [{ row: 'checklist', field: 'query.id', within: 'caller sites', missing: 'check list' }] } },
  }, async (request) => {
    const c = await repo.checklist(request.query.id, callerOf(request).siteIds);
    if (!c) throw notFound('check list');
    const faults = await repo.faultsOf(Number(c.id));
    const details = c.details as { items: Array<{ item: string; faulty: boolean; note: string; image: number | null }>; complete: boolean };
    const unused = [...faults];
    const items = details.items.map((i) => {
      const at = i.faulty ? unused.findIndex((f) => f.item === i.item) : -1;
      const fault = at >= 0 ? unused.splice(at, 1)[0]! : null;
      return {
        item: i.item, faulty: i.faulty, note: i.note, image: i.image,
        fault: fault ? { id: fault.id, dealt: fault.dealt_at ? { at: iso(fault.dealt_at), by: fault.dealt_by } : null } : null,
      };
    });
    return {
      ok: 1 as const,
      checklist: {
        id: Number(c.id), uid: c.unit_id as number, registration: c.registration as string, template: c.template as string,
        reported: iso(c.reported_at as Date), received: iso(c.created_at as Date), driver: c.driver as string, operator: c.operator as string,
        mileage: c.mileage as number | null, ic: c.issue_count as number, complete: details.complete === true, items, sig: Number(c.signature_upload_id),
      },
    };
  });

  app.post('/vcldealt', {
    schema: { ...tag, summary: 'Marks a check list fault dealt with', querystring: vclDealtQuerySchema, response: { 200: vclDealtAnswerSchema } },
    config: { access: { who: 'operator', scope: [{ row: 'fault', field: 'query.id', within: 'caller sites', missing: 'fault' }] } },
  }, async (request) => {
    const caller = callerOf(request);
    const r = await repo.dealt(request.query.id, caller.siteIds, caller.user.id);
    if (!r) throw notFound('fault');
    if (r.changed) events?.faultDealt(r.siteId, { id: r.checklistId, faultid: request.query.id, open: r.open });
    return { ok: 1 as const, open: r.open };
  });
};
