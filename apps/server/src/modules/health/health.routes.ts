import { healthSchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/errors.ts';
import type { HealthRepository } from './health.repository.ts';

const started = Date.now();

/** For load balancers and monitors: ok 1 with the version while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ repo: HealthRepository; version: string }> = async (app, { repo, version }) => {
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and version', response: { 200: healthSchema } },
    config: { access: { who: 'public' } },
  }, async () => {
    try {
      await repo.ping();
    } catch {
      throw new ApiError(503, 'The database does not answer.');
    }
    return { ok: 1 as const, version, uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  });
};
