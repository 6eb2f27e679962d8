import {
  fuelEventsAnswerSchema, fuelEventsQuerySchema, fuelExportQuerySchema, fuelLevelsAnswerSchema, fuelLevelsQuerySchema,
  fuelSummaryAnswerSchema, fuelSummaryQuerySchema, fuelVehiclesAnswerSchema, fuelVehiclesQuerySchema, type UnitSystem,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import type { AccessRule } from '../../plugins/access.ts';
import { fuelEventsCsv } from './fuel-csv.ts';
import type { FuelRepository } from './fuel.repository.ts';
import type { FuelService } from './fuel.service.ts';

const tag = { tags: ['fuel'] };
const ON_SITE: AccessRule = { who: 'session', scope: [{ site: 'query.siteid' }] };
const ON_SITE_UNIT: AccessRule = {
  who: 'session', scope: [{ site: 'query.siteid' }, { unit: 'query.uid' }], note: 'uid (optional) narrows to one vehicle of the site',
};
const ON_UNIT: AccessRule = { who: 'session', scope: [{ unit: 'query.uid' }] };

/**
 * The fuel monitor's calls (issue 16): the site's vehicles with a fuel level (fuelvehicles), a
 * vehicle's level series (fuellevels) and consumption (fuelsummary), the refuels and drops found
 * (fuelevents) and their CSV (fuelexport). Reads only: the detection job writes the events.
 */
export const fuelRoutes: FastifyPluginAsyncZod<{
  repo: FuelRepository; service: FuelService; systemOfSite: (siteId: number) => Promise<UnitSystem>;
}> = async (app, { repo, service, systemOfSite }) => {
  const unitOf = async (siteIds: number[], uid: number) => {
    const unit = await repo.unit(siteIds, uid);
    if (!unit) throw notFound('unit');
    return unit;
  };

  app.get('/fuelvehicles', {
    schema: { ...tag, summary: "The site's vehicles that report a fuel level, with their tank size", querystring: fuelVehiclesQuerySchema, response: { 200: fuelVehiclesAnswerSchema } },
    config: { access: ON_SITE },
  }, async (request) => {
    const { siteid } = request.query;
    const [units, unitSystem] = await Promise.all([repo.unitsOfSite(siteid), systemOfSite(siteid)]);
    return {
      ok: 1 as const, unitSystem,
      vehicles: units.map((u) => ({
        uid: u.id, registration: u.registration, tankLitres: u.tank_litres, level: u.fuel_level,
        levelUnit: u.level_unit,
      })),
    };
  });

  app.get('/fuellevels', {
    schema: { ...tag, summary: "A vehicle's fuel level over a range (litres; thinned to at most 2,000 points keeping lows and highs)", querystring: fuelLevelsQuerySchema, response: { 200: fuelLevelsAnswerSchema } },
    config: { access: ON_UNIT },
  }, async (request) => {
    const { uid, from, to } = request.query;
    return service.levels(await unitOf(callerOf(request).siteIds, uid), new Date(from), new Date(to));
  });

  app.get('/fuelsummary', {
    schema: { ...tag, summary: "A vehicle's fuel used over a range, per 100 km and per engine hour, with its refuels and drops", querystring: fuelSummaryQuerySchema, response: { 200: fuelSummaryAnswerSchema } },
    config: { access: ON_UNIT },
  }, async (request) => {
    const { uid, from, to } = request.query;
    return service.summary(await unitOf(callerOf(request).siteIds, uid), new Date(from), new Date(to));
  });

  app.get('/fuelevents', {
    schema: { ...tag, summary: 'Refuels and drops of the site (or one vehicle) starting in the range, newest first', querystring: fuelEventsQuerySchema, response: { 200: fuelEventsAnswerSchema } },
    config: { access: ON_SITE_UNIT },
  }, async (request) => {
    const { siteid, uid, from, to } = request.query;
    return { ok: 1 as const, ...(await service.events(siteid, uid ?? null, new Date(from), new Date(to))) };
  });

  app.get('/fuelexport', {
    schema: { ...tag, summary: 'The refuels and drops of fuelevents as a CSV file', querystring: fuelExportQuerySchema },
    config: { access: ON_SITE_UNIT },
  }, async (request, reply) => {
    const { siteid, uid, from, to } = request.query;
    const { events } = await service.events(siteid, uid ?? null, new Date(from), new Date(to));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="fuel-events-${from.slice(0, 10)}-${to.slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(fuelEventsCsv(events));
  });
};
