import { siteFaultsAnswerSchema, siteFaultsQuerySchema, vehicleFaultsAnswerSchema, vehicleFaultsQuerySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopedOf } from '../../plugins/access.ts';
import type { FaultsRepository } from './faults.repository.ts';
import { byUrgency, faultEpisode } from './faults.service.ts';

const tag = { tags: ['faults'] };

/**
 * Fault episodes (issue 16): a vehicle's, and the current site's still reported. Clearing is the
 * alerts module's clearspnalarm: it clears the spn alerts the episodes raised, which the lists show.
 */
export const faultsRoutes: FastifyPluginAsyncZod<{ repo: FaultsRepository }> = async (app, { repo }) => {
  app.get('/vehiclefaults', {
    schema: { ...tag, summary: "A vehicle's fault episodes (J1939 SPN/FMI and OBD codes in words): still reported first (most severe first), then newest, at most 200", querystring: vehicleFaultsQuerySchema, response: { 200: vehicleFaultsAnswerSchema } },
    config: { access: { who: 'session', scope: [{ unit: 'query.uid' }] } },
  }, async (request) => {
    const rows = await repo.ofUnit(request.query.uid);
    return { ok: 1 as const, uid: request.query.uid, active: rows[0]?.active_count ?? 0, faults: rows.map(faultEpisode).sort(byUrgency) };
  });

  app.get('/sitefaults', {
    schema: { ...tag, summary: "The current site's fault episodes still reported (all=1: also those ended in the last 30 days), at most 500", querystring: siteFaultsQuerySchema, response: { 200: siteFaultsAnswerSchema } },
    config: { access: { who: 'session', scope: [{ current: 'site', none: 'pass' }] } },
  }, async (request) => {
    const site = scopedOf(request).currentSite;
    const rows = site === null ? [] : await repo.ofSites([site], request.query.all === '1');
    return { ok: 1 as const, faults: rows.map(faultEpisode).sort(byUrgency) };
  });
};
