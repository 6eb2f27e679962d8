import { addGroupAnswerSchema, addGroupBodySchema, groupsAnswerSchema, groupUnitsBodySchema, plainSuccessSchema, siteQuerySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { CURRENT_SITE_REQUIRED, currentSiteOf } from '../../plugins/access.ts';
import type { GroupsRepository } from './groups.repository.ts';

const tag = { tags: ['groups'] };

/** The calls that write work on the session's current site, as the spec's client sends no site with them. */
const currentSite = CURRENT_SITE_REQUIRED;

/** A site's vehicle groups: the list the fleet page filters by, and their writes. */
export const groupsRoutes: FastifyPluginAsyncZod<{ repo: GroupsRepository }> = async (app, { repo }) => {
  app.get('/groups', {
    schema: { ...tag, summary: "The site's groups that hold at least one vehicle", querystring: siteQuerySchema, response: { 200: groupsAnswerSchema } },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    const rows = await repo.ofSite(request.query.siteid);
    return {
      ok: 1 as const,
      groups: rows.filter((g) => g.units.length > 0).map((g) => ({ id: g.id, name: g.name, vc: g.units.length, units: g.units.map(Number) })),
    };
  });

  app.post('/addgroup', {
    schema: { ...tag, summary: 'Create a vehicle group on the current site', body: addGroupBodySchema, response: { 200: addGroupAnswerSchema } },
    config: { access: { who: 'operator', scope: [currentSite] } },
  }, async (request) => ({ ok: 1 as const, id: await repo.add(currentSiteOf(request), request.body.name) }));

  app.post('/groupunits', {
    schema: { ...tag, summary: "Set a group's vehicles", body: groupUnitsBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'operator', scope: [
      currentSite,
      { row: 'group', field: 'body.id', within: 'current site', missing: 'group or vehicle' },
      { row: 'vehicle', field: 'body.units', within: 'current site', missing: 'group or vehicle' },
    ] } },
  }, async (request) => {
    const { id, units } = request.body;
    if (!(await repo.setUnits(currentSiteOf(request), id, units))) throw notFound('group or vehicle');
    return { ok: 1 as const };
  });
};
