import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

/** Query parameters every call may carry, taken off before the call's own schema is checked. */
const CLIENT_PARAMS = ['token', 'instanceuuid', 'mobile', 'production'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    bearer: string | undefined;
    instanceUuid: string | undefined;
  }
}

/**
 * Takes the session token and instance uuid off the query (or the Authorization header) and
 * refuses repeated query parameters, so a call's schema sees only its own parameters.
 */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('bearer', undefined);
  app.decorateRequest('instanceUuid', undefined);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/')) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value)) throw badRequest(`The query parameter '${key}' is given more than once.`);
    }
    const header = request.headers.authorization;
    const fromHeader = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : undefined;
    const fromQuery = typeof query.token === 'string' && query.token !== '' ? query.token : undefined;
    request.bearer = fromHeader || fromQuery;
    request.instanceUuid = typeof query.instanceuuid === 'string' && query.instanceuuid !== '' ? query.instanceuuid : undefined;
    for (const key of CLIENT_PARAMS) delete query[key];
  });
}, { name: 'request-context' });

/** The URL as it may be written to a log: secrets in the query and reset links are blanked. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|guid|pwd|pass)=)[^&#]*/gi, '$1[redacted]')
    .replace(/\/resetpassword\/[^?#]*/i, '/resetpassword/[redacted]');
}
