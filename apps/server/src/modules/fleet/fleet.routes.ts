import {
  cidQuerySchema, driversAnswerSchema, groupsAnswerSchema, siteQuerySchema, unitsAnswerSchema,
  unitTypesAnswerSchema, vehiclesAnswerSchema,
} from '@fleet/shared';
import { formatLocation, isDriverOutOfDate, toLocationCode } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import type { PoiRepository } from '../poi/poi.repository.ts';
import type { TenancyService } from '../tenancy/tenancy.service.ts';
import type { FleetRepository } from './fleet.repository.ts';
import { vehicleLive } from './vehicle-view.ts';
import { placeFinder } from './place-finder.ts';

const tag = { tags: ['fleet'] };
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const NEVER_REPORTED = { speed: 0, ign: 0, updated: null, lat: null, lon: null, direction: 0, vehiclealarm: false, ptotrigger1: 0, ptotrigger2: 0 };

/** The site's lists. Each checks the site against the caller's sites before reading anything. */
export const fleetRoutes: FastifyPluginAsyncZod<{ repo: FleetRepository; poi: PoiRepository; tenancy: TenancyService }> = async (app, { repo, poi, tenancy }) => {
  app.get('/vehicles', {
    schema: { ...tag, summary: "The site's vehicles with their latest state", querystring: siteQuerySchema, response: { 200: vehiclesAnswerSchema } },
  }, async (request) => {
    tenancy.assertSite(callerOf(request), request.query.siteid);
    const [rows, places] = await Promise.all([repo.unitsOfSites([request.query.siteid]), poi.ofSite(request.query.siteid)]);
    const where = placeFinder(places);
    return {
      ok: 1 as const,
      vehicles: rows.map(({ unit, typeIcon, driverName, state, alarm }) => ({
        unitid: unit.id, unittype: unit.unitTypeId, registration: unit.registration, drivername: driverName ?? '',
        vicon: unit.vicon || typeIcon, loc: state ? formatLocation(toLocationCode(state.locCode), where(state.lat, state.lon)) : '',
        ...(state ? vehicleLive({ ...state, alarm }) : { ...NEVER_REPORTED, vehiclealarm: alarm }),
      })),
    };
  });

  app.get('/units', {
    schema: { ...tag, summary: "A customer's units on the caller's sites", querystring: cidQuerySchema, response: { 200: unitsAnswerSchema } },
  }, async (request) => {
    const siteIds = await tenancy.sitesOfCustomer(callerOf(request), request.query.cid);
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
  }, async () => ({ ok: 1 as const, unittypes: (await repo.unitTypes()).map((t) => ({ id: t.id, name: t.name, icon: t.icon })) }));

  app.get('/drivers', {
    schema: { ...tag, summary: "The site's drivers", querystring: siteQuerySchema, response: { 200: driversAnswerSchema } },
  }, async (request) => {
    tenancy.assertSite(callerOf(request), request.query.siteid);
    const rows = await repo.driversOfSite(request.query.siteid);
    const now = Date.now();
    return {
      ok: 1 as const,
      drivers: rows.map((d) => ({ id: d.id, name: d.name, updated: iso(d.updatedAt), outofdate: isDriverOutOfDate(iso(d.updatedAt), now) })),
    };
  });

  app.get('/groups', {
    schema: { ...tag, summary: "The site's groups that hold at least one vehicle", querystring: siteQuerySchema, response: { 200: groupsAnswerSchema } },
  }, async (request) => {
    tenancy.assertSite(callerOf(request), request.query.siteid);
    const rows = await repo.groupsOfSite(request.query.siteid);
    return {
      ok: 1 as const,
      groups: rows.filter((g) => g.units.length > 0).map((g) => ({ id: g.id, name: g.name, vc: g.units.length, units: g.units.map(Number) })),
    };
  });
};
