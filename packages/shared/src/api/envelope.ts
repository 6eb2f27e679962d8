import { z } from 'zod';

/** Every answer carries ok 1 (success) or 0 (failure); failures carry a human message. */
export const okSchema = z.union([z.literal(0), z.literal(1)]);

/** The failure answer: `tokenerror` is set when the session is missing, expired or revoked. */
export const failureSchema = z.object({
  ok: z.literal(0),
  message: z.string(),
  tokenerror: z.literal(1).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** Wraps a success payload shape into the `{ ok: 1, ... }` answer. */
export function success<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ok: z.literal(1), ...shape });
}

export const plainSuccessSchema = success({ message: z.string().optional() });

/** A numeric id carried in a query string ("12") or a JSON body (12): the shared `id` primitive. */
export { id as idParam } from './primitives.ts';

export const healthSchema = success({ version: z.string(), uptimeSeconds: z.number() });

/** Liveness (health/live): the process answers; its event loop's recent delay in milliseconds. */
export const liveSchema = success({
  uptimeSeconds: z.number(),
  eventLoopDelayMs: z.object({ p99: z.number(), max: z.number() }),
});
/** Readiness (health/ready): ready for work. */
export const readySchema = success({ ready: z.literal(true) });
/** Not ready (503): every reason in words, also joined into the message. */
export const notReadySchema = z.object({ ok: z.literal(0), message: z.string(), ready: z.literal(false), reasons: z.array(z.string()) });
