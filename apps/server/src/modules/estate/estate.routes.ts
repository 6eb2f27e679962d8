import { inTransaction as transaction } from '@fleet/db';
import {
  addNewSiteAnswerSchema, addNewSiteBodySchema, estateAnswerSchema, estateSitesAnswerSchema, estateSitesQuerySchema,
  estateUnitTypesAnswerSchema, removeSiteAnswerSchema, removeSiteBodySchema, removeSiteUnitBodySchema, removeUnitAnswerSchema,
  saveCustomerAnswerSchema, saveCustomerBodySchema, saveUnitTypeAnswerSchema, saveUnitTypeBodySchema, SEARCH_MAX_HITS,
  searchSiteAnswerSchema, searchSiteQuerySchema, suspendCustomerAnswerSchema, suspendCustomerBodySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { callerOf, type Caller } from '../../lib/caller.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SessionService } from '../auth/index.ts';
import type { EstateRepository } from './estate.repository.ts';
import { catalogueObject, catalogueRows } from './io-catalogue-rows.ts';

const tag = { tags: ['estate'] };
const BRAND_NOTE = "Customers and sites of the caller's brand only: another brand's read as missing (404).";
export const UNIT_TYPES_SHARED = 'Unit types are shared by every brand: only a super administrator of the default brand may change them.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The estate for super administrators (issue 15, item 5): customers of their brand (add, edit,
 * suspend), their sites (add, remove once empty), units taken off a site, the unit type catalogue
 * with its IO maps, and a search across what the caller may see. Every change is audited.
 */
export const estateRoutes: FastifyPluginAsyncZod<{
  repo: EstateRepository; pool: pg.Pool; audit: AuditLog; sessions: SessionService;
  /** The device listeners forget a device id (all of them: no id), so its next report is looked up again. */
  forgetDevice: (deviceId?: string, unitId?: number) => void;
}> = async (app, opts) => {
  const { repo, audit, sessions } = opts;
  const brandOf = (caller: Caller) => caller.session.brandId;

  /** Runs `work` in one transaction. */
  const inTransaction = <T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> => transaction(opts.pool, work);

  app.get('/estate', {
    schema: { ...tag, summary: "The customers of the caller's brand with their sites, units and users (super administrators)", response: { 200: estateAnswerSchema } },
    config: { access: { who: 'super', note: BRAND_NOTE } },
  }, async (request) => ({
    ok: 1 as const,
    customers: (await repo.customers(brandOf(callerOf(request)))).map((c) => ({
      cid: c.cid, name: c.name, retention: c.retention, suspended: iso(c.suspended), reason: c.reason,
      sites: c.sites, units: c.units, users: c.users, created: c.created.toISOString(),
    })),
  }));

  app.get('/estatesites', {
    schema: { ...tag, summary: "A customer's live sites with their units and members (super administrators)", querystring: estateSitesQuerySchema, response: { 200: estateSitesAnswerSchema } },
    config: { access: { who: 'super', note: BRAND_NOTE } },
  }, async (request) => {
    const caller = callerOf(request);
    if (!(await repo.customer(brandOf(caller), request.query.cid))) throw notFound('customer');
    const sites = await repo.sitesOfCustomer(request.query.cid);
    return { ok: 1 as const, sites: sites.map((s) => ({ ...s, created: s.created.toISOString() })) };
  });

  app.post('/savecustomer', {
    schema: { ...tag, summary: 'Add (cid 0) or edit a customer of the brand: name and months of positions kept (super administrators)', body: saveCustomerBodySchema, response: { 200: saveCustomerAnswerSchema } },
    config: { access: { who: 'super', note: BRAND_NOTE } },
  }, async (request) => {
    const caller = callerOf(request);
    const { cid, name, retention } = request.body;
    const actor = { caller, address: request.ip };
    if (cid === 0) {
      const added = await inTransaction(async (db) => {
        const id = await repo.addCustomer(brandOf(caller), name, retention ?? null, db);
        await audit.change(actor, { action: 'customer.add', targetKind: 'customer', targetId: id, targetName: name, customerId: id, after: { name, retention: retention ?? null } }, db);
        return id;
      });
      return { ok: 1 as const, cid: added };
    }
    const before = await repo.customer(brandOf(caller), cid);
    if (!before) throw notFound('customer');
    await inTransaction(async (db) => {
      await repo.editCustomer(cid, name, retention, db);
      await audit.change(actor, {
        action: 'customer.edit', targetKind: 'customer', targetId: cid, targetName: name, customerId: cid,
        before: { name: before.name, retention: before.retention },
        after: { name, retention: retention === undefined ? before.retention : retention },
      }, db);
    });
    return { ok: 1 as const, cid };
  });

  app.post('/suspendcustomer', {
    schema: { ...tag, summary: "Suspend a customer (its users cannot sign in and their sessions end; its data stays) or lift it (super administrators)", body: suspendCustomerBodySchema, response: { 200: suspendCustomerAnswerSchema } },
    config: { access: { who: 'super', note: `${BRAND_NOTE} Not the caller's own customer (409).` } },
  }, async (request) => {
    const caller = callerOf(request);
    const { cid, suspend } = request.body;
    const reason = request.body.reason ?? '';
    const customer = await repo.customer(brandOf(caller), cid);
    if (!customer) throw notFound('customer');
    if (suspend && caller.user.customerId === cid) throw new ApiError(409, 'You cannot suspend your own customer.');
    if (suspend && reason === '') throw badRequest('reason: say why the customer is suspended.');
    await inTransaction(async (db) => {
      await repo.setSuspended(cid, suspend, reason, db);
      await audit.change({ caller, address: request.ip }, {
        action: suspend ? 'customer.suspend' : 'customer.unsuspend', targetKind: 'customer', targetId: cid, targetName: customer.name, customerId: cid,
        before: { suspended: customer.suspended_at !== null, reason: customer.suspended_reason }, after: { suspended: suspend, reason: suspend ? reason : '' },
      }, db);
    });
    let ended = 0;
    if (suspend) {
      for (const userId of await repo.usersOfCustomer(cid)) ended += (await sessions.revokeAllOfUser(userId, 'customer suspended')).length;
    }
    return {
      ok: 1 as const,
      sessionsEnded: ended,
      message: suspend
        ? `${customer.name} is suspended: its users cannot sign in (${plural(ended, 'session')} ended). Its data is kept.`
        : `${customer.name} is no longer suspended.`,
    };
  });

  app.post('/addnewsite', {
    schema: { ...tag, summary: 'Add a site to a customer of the brand (super administrators)', body: addNewSiteBodySchema, response: { 200: addNewSiteAnswerSchema } },
    config: { access: { who: 'super', note: BRAND_NOTE } },
  }, async (request) => {
    const caller = callerOf(request);
    const { cid, sitename } = request.body;
    const customer = await repo.customer(brandOf(caller), cid);
    if (!customer) throw notFound('customer');
    const siteid = await inTransaction(async (db) => {
      const id = await repo.addSite(cid, sitename, db);
      await audit.change({ caller, address: request.ip }, {
        action: 'site.add', targetKind: 'site', targetId: id, targetName: sitename, siteId: id, customerId: cid, after: { name: sitename, customer: customer.name },
      }, db);
      return id;
    });
    // Super administrators see every site of the brand: their sessions read the new one at once.
    sessions.forgetLookups();
    return { ok: 1 as const, siteid };
  });

  app.post('/removesite', {
    schema: { ...tag, summary: 'Remove a site once it has no live unit; its history stays (super administrators)', body: removeSiteBodySchema, response: { 200: removeSiteAnswerSchema } },
    config: { access: { who: 'super', scope: [{ site: 'body.siteid' }], note: 'Refused (409) while the site has units.' } },
  }, async (request) => {
    const caller = callerOf(request);
    const site = await repo.site(brandOf(caller), request.body.siteid);
    if (!site) throw notFound('site');
    const members = await inTransaction(async (db) => {
      await db.query('SELECT 1 FROM sites WHERE id = $1 FOR UPDATE', [site.id]);
      const units = await repo.liveUnitsOfSite(site.id, db);
      if (units > 0) throw new ApiError(409, `Move or remove its ${plural(units, 'unit')} first.`);
      const removed = await repo.removeSite(site.id, db);
      await audit.change({ caller, address: request.ip }, {
        action: 'site.remove', targetKind: 'site', targetId: site.id, targetName: site.name, siteId: site.id, customerId: site.customer_id,
        before: { name: site.name, members: removed }, detail: `${plural(removed, 'membership')} removed`,
      }, db);
      return removed;
    });
    sessions.forgetLookups();
    return { ok: 1 as const, message: `${site.name} is removed (${plural(members, 'member')} taken off it); its history is kept.` };
  });

  app.post('/removeunitfromsite', {
    schema: { ...tag, summary: "Take a unit off its site: its history stays with the site, the device id is free (super administrators)", body: removeSiteUnitBodySchema, response: { 200: removeUnitAnswerSchema } },
    config: { access: { who: 'super', scope: [{ site: 'body.siteid' }, { unit: 'body.uid' }], note: 'uid is the unit id; it must be a live unit of siteid (else 404).' } },
  }, async (request) => {
    const caller = callerOf(request);
    const site = await repo.site(brandOf(caller), request.body.siteid);
    if (!site) throw notFound('site');
    const unit = await repo.unitOfSite(site.id, request.body.uid);
    if (!unit) throw notFound('unit');
    await inTransaction(async (db) => {
      await repo.removeUnit(unit.id, db);
      await audit.change({ caller, address: request.ip }, {
        action: 'unit.remove', targetKind: 'unit', targetId: unit.id, targetName: unit.registration, siteId: site.id, customerId: site.customer_id,
        before: { registration: unit.registration, deviceid: unit.device_id, unittype: unit.unit_type_id, driver: unit.driver_id },
      }, db);
    });
    // The device listeners drop the unit: the device's next report is an unknown device's.
    opts.forgetDevice(unit.device_id, unit.id);
    return { ok: 1 as const, message: `${unit.registration} is taken off ${site.name}; its history stays there and the device ${unit.device_id} may be registered again.` };
  });

  app.get('/estateunittypes', {
    schema: { ...tag, summary: 'The unit type catalogue with IO maps and live units of each (super administrators)', response: { 200: estateUnitTypesAnswerSchema } },
    config: { access: { who: 'super' } },
  }, async (request) => ({
    ok: 1 as const,
    unittypes: (await repo.unitTypes()).map((t) => ({ ...t, iocatalogue: catalogueRows(t.iocatalogue) })),
    canEdit: await repo.isDefaultBrand(brandOf(callerOf(request))),
  }));

  app.post('/saveunittype', {
    schema: { ...tag, summary: 'Add (id 0) or edit a unit type: name, icon and IO map (super administrators of the default brand)', body: saveUnitTypeBodySchema, response: { 200: saveUnitTypeAnswerSchema } },
    config: { access: { who: 'super', note: 'The catalogue is shared by every brand: a super administrator of another brand is refused (403).' } },
  }, async (request) => {
    const caller = callerOf(request);
    if (!(await repo.isDefaultBrand(brandOf(caller)))) throw forbidden(UNIT_TYPES_SHARED);
    const { id, name, icon } = request.body;
    const iomap = Object.fromEntries(Object.entries(request.body.iomap).filter(([, v]) => v !== undefined)) as Record<string, number>;
    const before = id === 0 ? undefined : await repo.unitType(id);
    if (id !== 0 && !before) throw notFound('unit type');
    // Left out, an edit keeps the type's IO catalogue (clients from before issue 16 send none).
    const iocatalogue = request.body.iocatalogue ? catalogueObject(request.body.iocatalogue) : catalogueObject(catalogueRows(before?.iocatalogue));
    const saved = await inTransaction(async (db) => {
      const out = await repo.saveUnitType(id, { name, icon, iomap, iocatalogue }, db);
      await audit.change({ caller, address: request.ip }, {
        action: id === 0 ? 'unittype.add' : 'unittype.edit', targetKind: 'unittype', targetId: out, targetName: name,
        ...(before ? { before: { name: before.name, icon: before.icon, iomap: before.iomap, iocatalogue: before.iocatalogue } } : {}),
        after: { name, icon, iomap, iocatalogue },
      }, db);
      return out;
    });
    // Units of this type read their IO with the new map from their next report on.
    opts.forgetDevice();
    return { ok: 1 as const, id: saved };
  });

  app.get('/searchsite', {
    schema: { ...tag, summary: 'Search customers, sites, units (registration or device id) and users (name or e-mail) the caller may see; at most 50', querystring: searchSiteQuerySchema, response: { 200: searchSiteAnswerSchema } },
    config: { access: { who: 'admin', note: "Super administrators: their brand's customers and sites; site administrators: their own sites." } },
  }, async (request) => {
    const caller = callerOf(request);
    const hits = await repo.search(request.query.w, { brandId: caller.isSuper ? brandOf(caller) : null, siteIds: caller.siteIds }, SEARCH_MAX_HITS);
    return { ok: 1 as const, hits };
  });
};
