import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../lib/errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SecurityOptions {
  secureCookies: boolean;
  /** The origins the brand of a host loads its map from (style, tiles, glyphs, sprites); none when not given. */
  mapOrigins?: (hostname: string) => Promise<readonly string[]>;
}

/**
 * The Content Security Policy: our own origin for everything, plus exactly the brand's map origins
 * for fetches (style, TileJSON, tiles, glyphs, sprites: connect-src) and images (img-src). Workers
 * still come from our origin (the MapLibre worker file under /assets) or blob: URLs.
 */
export function contentSecurityPolicy(mapOrigins: readonly string[]): string {
  const map = mapOrigins.join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    // Mantine writes its CSS variables into style attributes at run time.
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', `'self' data: blob:${map ? ` ${map}` : ''}`],
    ['font-src', "'self' data:"],
    ['connect-src', `'self' ws: wss:${map ? ` ${map}` : ''}`],
    // MapLibre runs its workers from blob: URLs.
    ['worker-src', "'self' blob:"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join(';');
}

/**
 * Security headers on every answer, no-store on API answers, and the double-submit
 * anti-forgery check: a non-GET API call must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN.
 */
export const security = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const mapOriginsOf = async (hostname: string): Promise<readonly string[]> => {
    if (!opts.mapOrigins) return [];
    try {
      return await opts.mapOrigins(hostname);
    } catch (err) {
      // No brand answer (the database is away): the page still loads, with the bundled map only.
      app.log.warn({ err }, 'map hosts of the brand not known; the CSP names none');
      return [];
    }
  };
  await app.register(cookie);
  // The CSP is written per request below (it names the map hosts of the host's brand); helmet the rest.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // request.isApi is decided on the decoded path (request-context), so '/%61pi/…' is an API call too.
    const isApi = request.isApi;
    reply.header('Content-Security-Policy', contentSecurityPolicy(await mapOriginsOf(request.hostname)));
    if (isApi) reply.header('Cache-Control', 'no-store');
    const cookieValue = request.cookies[XSRF_COOKIE];
    if (!cookieValue) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/', sameSite: 'strict', secure: opts.secureCookies, httpOnly: false,
      });
    }
    if (!isApi || SAFE_METHODS.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookieValue || typeof header !== 'string' || !sameSecret(cookieValue, header)) {
      throw forbidden('The anti-forgery token is missing or wrong. Reload the page and try again.');
    }
  });
}, { name: 'security', dependencies: ['request-context'] });

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
