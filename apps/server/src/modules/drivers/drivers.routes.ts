import { driversAnswerSchema, isDriverOutOfDate, siteQuerySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DriversRepository } from './drivers.repository.ts';

const tag = { tags: ['drivers'] };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A site's drivers, each with whether its record is out of date. */
export const driversRoutes: FastifyPluginAsyncZod<{ repo: DriversRepository }> = async (app, { repo }) => {
  app.get('/drivers', {
    schema: { ...tag, summary: "The site's drivers", querystring: siteQuerySchema, response: { 200: driversAnswerSchema } },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    const rows = await repo.ofSite(request.query.siteid);
    const now = Date.now();
    return {
      ok: 1 as const,
      drivers: rows.map((d) => ({ id: d.id, name: d.name, updated: iso(d.updatedAt), outofdate: isDriverOutOfDate(iso(d.updatedAt), now) })),
    };
  });
};
