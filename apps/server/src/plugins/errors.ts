import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/errors.ts';

/** Every failure becomes `{ ok: 0, message }` with a fitting status; no stack or SQL leaks out. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(error.status).send({ ok: 0, message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is not valid',
      }));
      const first = issues[0];
      const message = first ? `The request is not valid: ${first.path}: ${first.message}` : 'The request is not valid.';
      return reply.status(400).send({ ok: 0, message, issues });
    }
    const status = error.statusCode ?? 500;
    const known: Record<string, string> = {
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (the limit is 1 MiB).',
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted; send application/json.',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
    };
    if (status === 429) return reply.status(429).send({ ok: 0, message: error.message });
    if (status < 500) {
      const message = (error.code && known[error.code]) || (status === 404 ? 'Not found.' : 'The request is not valid.');
      return reply.status(status).send({ ok: 0, message });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ ok: 0, message: 'Something went wrong on the server. Please try again.' });
  });
}

/** Quoted values in a database message ('value "…" is out of range'), which may be what a client sent. */
const QUOTED = /"[^"]*"/g;

/**
 * What a failure may put in the log: its kind, code, message and stack frames. Never the query's
 * parameters (a failed query's message lists them: e-mail addresses, hashes, tokens), nor the
 * values the database quotes in its message or detail.
 */
export function loggableError(err: unknown): { type: string; code?: string; message: string; stack: string; cause?: { type: string; code?: string; message: string } } {
  const e = (err ?? {}) as { name?: string; code?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
  const clean = (m: unknown) => String(m ?? '').split(/\nparams:/)[0]!.replace(QUOTED, '"…"').slice(0, 2000);
  const frames = String(e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).join('\n');
  const out: ReturnType<typeof loggableError> = {
    type: e.name ?? typeof err, message: clean(e.message ?? err), stack: frames,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
  };
  if (e.cause && typeof e.cause === 'object') {
    const c = e.cause as { name?: string; code?: unknown; message?: unknown };
    out.cause = { type: c.name ?? 'Error', message: clean(c.message), ...(typeof c.code === 'string' ? { code: c.code } : {}) };
  }
  return out;
}
