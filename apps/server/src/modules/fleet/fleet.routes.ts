import {
  cidQuerySchema, driversAnswerSchema, groupsAnswerSchema, siteQuerySchema, unitsAnswerSchema,
  unitTypesAnswerSchema, vehiclesAnswerSchema,
} from '@fleet/shared';
import { formatLocation, isDriverOutOfDate, toLocationCode } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopedOf } from '../../plugins/access.ts';
import type { PoiRepository } from '../poi/poi.repository.ts';
import type { FleetRepository } from './fleet.repository.ts';
import { vehicleLive } from './vehicle-view.ts';
import { placeFinder } from './place-finder.ts';

const tag = { tags: ['fleet'] };
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const NEVER_REPORTED = { speed: 0, ign: 0, updated: null, lat: null, lon: null, direction: 0, ptotrigger1: 0, ptotrigger2: 0 } as const;

/** The site's lists. Each rule checks the site against the caller's sites before anything is read. */
export const fleetRoutes: FastifyPluginAsyncZod<{ repo: FleetRepository; poi: PoiRepository }> = async (app, { repo, poi }) => {
  app.get('/vehicles', {
    schema: { ...tag, summary: "The site's vehicles with their latest state", querystring: siteQuerySchema, response: { 200: vehiclesAnswerSchema } },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    const [rows, places] = await Promise.all([repo.vehiclesOfSite(request.query.siteid), poi.ofSite(request.query.siteid)]);
    const where = placeFinder(places);
    // Each vehicle is written out as one literal of a fixed shape: built by spreading objects
    // together, 500 of them cost several milliseconds more and slowed every later step (issue 8).
    const vehicles = rows.map((v) => {
      // A unit without a stored state has no position (lat is NOT NULL in unit_state).
      if (v.lat === null || v.lon === null) {
        return {
          unitid: v.id, unittype: v.unit_type_id, registration: v.registration, drivername: v.driver_name ?? '', vicon: v.vicon || v.type_icon, loc: '',
          lat: NEVER_REPORTED.lat, lon: NEVER_REPORTED.lon, speed: NEVER_REPORTED.speed, ign: NEVER_REPORTED.ign, direction: NEVER_REPORTED.direction,
          updated: NEVER_REPORTED.updated, vehiclealarm: v.alarm, ptotrigger1: NEVER_REPORTED.ptotrigger1, ptotrigger2: NEVER_REPORTED.ptotrigger2,
        };
      }
      const live = vehicleLive({
        lat: v.lat, lon: v.lon, speed: v.speed as number, angle: v.angle as number, ignition: v.ignition, deviceTime: new Date(v.device_ms as number),
        panic: v.panic as boolean, pto1: v.pto1 as boolean, pto2: v.pto2 as boolean, alarm: v.alarm,
      });
      return {
        unitid: v.id, unittype: v.unit_type_id, registration: v.registration, drivername: v.driver_name ?? '', vicon: v.vicon || v.type_icon,
        loc: formatLocation(toLocationCode(v.loc_code), where(v.lat, v.lon)),
        lat: live.lat, lon: live.lon, speed: live.speed, ign: live.ign, direction: live.direction, updated: live.updated,
        vehiclealarm: live.vehiclealarm, ptotrigger1: live.ptotrigger1, ptotrigger2: live.ptotrigger2,
      };
    });
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

  app.get('/drivers', {
    schema: { ...tag, summary: "The site's drivers", querystring: siteQuerySchema, response: { 200: driversAnswerSchema } },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    const rows = await repo.driversOfSite(request.query.siteid);
    const now = Date.now();
    return {
      ok: 1 as const,
      drivers: rows.map((d) => ({ id: d.id, name: d.name, updated: iso(d.updatedAt), outofdate: isDriverOutOfDate(iso(d.updatedAt), now) })),
    };
  });

  app.get('/groups', {
    schema: { ...tag, summary: "The site's groups that hold at least one vehicle", querystring: siteQuerySchema, response: { 200: groupsAnswerSchema } },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    const rows = await repo.groupsOfSite(request.query.siteid);
    return {
      ok: 1 as const,
      groups: rows.filter((g) => g.units.length > 0).map((g) => ({ id: g.id, name: g.name, vc: g.units.length, units: g.units.map(Number) })),
    };
  });
};
