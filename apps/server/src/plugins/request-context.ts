import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

/** Query parameters every call may carry, taken off before the call's own schema is checked. */
const CLIENT_PARAMS = ['token', 'instanceuuid', 'mobile', 'production'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    bearer: string | undefined;
    instanceUuid: string | undefined;
    /** The path as the router read it (percent-decoded, no query): every check decides on this, never on the raw URL. */
    path: string;
    /** True for a call under /api/, however its path was spelled. */
    isApi: boolean;
  }
}

/**
 * The query string parser of the whole server (Fastify's router and the log serializer alike), so
 * what is checked, what is used and what is redacted in the log are the same parameters.
 * Keys and values are percent-decoded ('to%6Ben' is 'token'); a repeated key gives an array.
 */
export function parseQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(query)) {
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** Percent-decodes a path as the router does; a malformed escape leaves it as it is (the router answers 400/404). */
export function decodePath(rawPath: string): string {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

/** The request's path (decoded, without the query); the route's own pattern when one matched. */
export function pathOf(request: Pick<FastifyRequest, 'url'>): string {
  const raw = request.url;
  const q = raw.indexOf('?');
  return decodePath(q === -1 ? raw : raw.slice(0, q));
}

/**
 * Decides once per request which path it is for (decoded, as the router matched it), takes the
 * session token and instance uuid off the query (or the Authorization header) and refuses
 * repeated query parameters, so a call's schema sees only its own parameters.
 */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('bearer', undefined);
  app.decorateRequest('instanceUuid', undefined);
  app.decorateRequest('path', '');
  app.decorateRequest('isApi', false);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.path = pathOf(request);
    request.isApi = request.path.startsWith('/api/') || (request.routeOptions.url?.startsWith('/api/') ?? false);
    if (!request.isApi) return;
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

/** Query parameters whose value is a secret, whatever their case. */
const SECRET_PARAMS = new Set(['token', 'guid', 'pwd', 'pass', 'password']);
/** Web app paths that carry a secret in the path itself (the e-mailed reset link). */
const SECRET_PATH = /\/resetpassword\/.*/is;

/**
 * The URL as it may be written to a log: the path decoded and the query parsed exactly as the
 * server reads them, then written out again with every secret parameter's value blanked and the
 * reset link's e-mail and guid removed. A secret cannot slip through by a different spelling
 * ('to%6Ben=', 'TOKEN=', '%2Fresetpassword'), because nothing raw is kept.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  let path = rawPath;
  // Decoded until stable (a few rounds at most), so a doubly encoded reset link is caught too.
  for (let i = 0; i < 3; i++) {
    const next = decodePath(path);
    if (next === path) break;
    path = next;
  }
  path = SECRET_PATH.test(path) ? path.replace(SECRET_PATH, '/resetpassword/[redacted]') : rawPath;
  if (q === -1) return path;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(parseQuery(url.slice(q + 1)))) {
    const secret = SECRET_PARAMS.has(key.toLowerCase().trim());
    for (const v of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodeURIComponent(key)}=${secret ? '[redacted]' : encodeURIComponent(v)}`);
    }
  }
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}
