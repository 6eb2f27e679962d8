import { healthSchema, liveSchema, notReadySchema, readySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/errors.ts';
import type { EventLoopDelay, Readiness } from '../../ops/index.ts';
import type { HealthRepository } from './health.repository.ts';

const started = Date.now();
const uptimeSeconds = () => Math.round((Date.now() - started) / 1000);
const ms = (v: number) => Math.round(v * 100) / 100;

/**
 * For load balancers and monitors. `health`: ok 1 with the version while the database answers (kept
 * as it always was). `health/live`: the process and its event loop answer (never asks the
 * database: a database outage must not get the process restarted). `health/ready`: the process
 * may be sent work (ops/readiness.ts); 503 with the reasons otherwise.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  repo: HealthRepository; version: string; readiness: Readiness; eventLoop: EventLoopDelay;
}> = async (app, { repo, version, readiness, eventLoop }) => {
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and version', response: { 200: healthSchema } },
    config: { access: { who: 'public' } },
  }, async () => {
    try {
      await repo.ping();
    } catch {
      throw new ApiError(503, 'The database does not answer.');
    }
    return { ok: 1 as const, version, uptimeSeconds: uptimeSeconds() };
  });

  app.get('/health/live', {
    schema: { tags: ['health'], summary: 'Liveness: the process and its event loop answer', response: { 200: liveSchema } },
    config: { access: { who: 'public' } },
  }, async () => {
    const delay = eventLoop.current();
    return { ok: 1 as const, uptimeSeconds: uptimeSeconds(), eventLoopDelayMs: { p99: ms(delay.p99Ms), max: ms(delay.maxMs) } };
  });

  app.get('/health/ready', {
    schema: {
      tags: ['health'], summary: 'Readiness: database, migrations, device listeners, not shutting down',
      response: { 200: readySchema, 503: notReadySchema },
    },
    config: { access: { who: 'public' } },
  }, async (_request, reply) => {
    const answer = await readiness.check();
    if (answer.ready) return { ok: 1 as const, ready: true as const };
    return reply.code(503).send({ ok: 0 as const, message: `Not ready: ${answer.reasons.join(' ')}`, ready: false as const, reasons: answer.reasons });
  });
};
