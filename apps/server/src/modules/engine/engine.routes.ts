import { fmsVehiclesAnswerSchema, fmsVehiclesQuerySchema, lastFmsV2AnswerSchema, lastFmsV2QuerySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import type { EngineService } from './engine.service.ts';

const tag = { tags: ['engine'] };

/** Engine data (issue 16): the fleet's latest FMS/CAN values and one unit's, read through the IO catalogue. */
export const engineRoutes: FastifyPluginAsyncZod<{ engine: EngineService }> = async (app, { engine }) => {
  app.get('/fmsvvehicles', {
    schema: { ...tag, summary: "Every vehicle of the site with its latest engine data, in units (what each unit reports)", querystring: fmsVehiclesQuerySchema, response: { 200: fmsVehiclesAnswerSchema } },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => ({ ok: 1 as const, ...(await engine.vehiclesOfSite(request.query.siteid)) }));

  app.get('/lastfmsv2data', {
    schema: { ...tag, summary: "A unit's latest FMS/CAN values, with every IO value the catalogue names", querystring: lastFmsV2QuerySchema, response: { 200: lastFmsV2AnswerSchema } },
    config: { access: { who: 'session', scope: [{ unit: 'query.uid' }] } },
  }, async (request) => {
    const fms = await engine.unit(request.query.uid);
    if (!fms) throw notFound('unit');
    return { ok: 1 as const, fms };
  });
};
