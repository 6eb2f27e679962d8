import { cidQuerySchema, siteQuerySchema, unitsAnswerSchema, unitTypesAnswerSchema, vehiclesAnswerSchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopedOf } from '../../plugins/access.ts';
import type { FleetRepository } from './fleet.repository.ts';
import type { VehicleReadModel } from './vehicle-read-model.ts';

const tag = { tags: ['fleet'] };

/** The site's lists. Each rule checks the site against the caller's sites before anything is read. */
export const fleetRoutes: FastifyPluginAsyncZod<{ repo: FleetRepository; vehicles: VehicleReadModel }> = async (app, { repo, vehicles: read }) => {
  app.get('/vehicles', {
    schema: { ...tag, summary: "The site's vehicles with their latest state", querystring: siteQuerySchema, response: { 200: vehiclesAnswerSchema } },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    const vehicles = await read.vehiclesOfSite(request.query.siteid);
    return { ok: 1 as const, vehicles };
  });

  app.get('/units', {
    schema: { ...tag, summary: "A customer's units on the caller's sites", querystring: cidQuerySchema, response: { 200: unitsAnswerSchema } },
    config: { access: { who: 'session', scope: [{ customer: 'query.cid' }] } },
  }, async (request) => {
    const siteIds = scopedOf(request).customerSites;
    const rows = await repo.unitsOfSites(siteIds);
    return {
      ok: 1 as const,
      units: rows.map(({ unit, typeName, typeIcon }) => ({
        unitid: unit.id, deviceid: unit.deviceId, registration: unit.registration, unittype: unit.unitTypeId,
        unittypename: typeName, siteid: unit.siteId, vicon: unit.vicon || typeIcon,
      })),
    };
  });

  app.get('/unittypes', {
    schema: { ...tag, summary: 'Unit types', response: { 200: unitTypesAnswerSchema } },
    config: { access: { who: 'session' } },
  }, async () => ({ ok: 1 as const, unittypes: (await repo.unitTypes()).map((t) => ({ id: t.id, name: t.name, icon: t.icon })) }));
};
