import { assetsAnswerSchema, plainSuccessSchema, saveAssetRulesBodySchema, siteQuerySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import type { AssetsService } from './assets.service.ts';

const tag = { tags: ['assets'] };

/** The assets page's calls (issue 16): the site's asset trackers, and an asset's allowed hours and place. */
export const assetsRoutes: FastifyPluginAsyncZod<{ service: AssetsService }> = async (app, { service }) => {
  app.get('/assets', {
    schema: {
      ...tag, summary: "The site's asset trackers: last ping, battery, movement and location code, place, allowed hours and place, open Asset Movement alert",
      querystring: siteQuerySchema, response: { 200: assetsAnswerSchema },
    },
    config: { access: { who: 'session', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => ({ ok: 1 as const, ...(await service.list(request.query.siteid)) }));

  app.post('/saveassetrules', {
    schema: {
      ...tag, summary: "Set an asset tracker's allowed hours (null: the site's working hours) and allowed place (a POI of its site with an area; null: anywhere)",
      body: saveAssetRulesBodySchema, response: { 200: plainSuccessSchema },
    },
    config: { access: { who: 'operator', scope: [{ unit: 'body.uid' }], note: 'asset trackers only; the place must be of the unit\'s site and have an area; audited (asset.rules)' } },
  }, async (request) => {
    await service.saveRules(request.body, { caller: callerOf(request), address: request.ip });
    return { ok: 1 as const };
  });
};
