import { healthSchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { ApiError } from '../../lib/errors.ts';

const started = Date.now();

/** For load balancers and monitors: ok 1 with the version while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool; version: string }> = async (app, { pool, version }) => {
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and version', response: { 200: healthSchema } },
    config: { access: { who: 'public' } },
  }, async () => {
    try {
      await pool.query('SELECT 1');
    } catch {
      throw new ApiError(503, 'The database does not answer.');
    }
    return { ok: 1 as const, version, uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  });
};
