import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../lib/errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every answer, no-store on API answers, and the double-submit
 * anti-forgery check: a non-GET API call must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN.
 */
export const security = fp(async (app: FastifyInstance, opts: { secureCookies: boolean }) => {
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // MapLibre runs its workers from blob: URLs.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // request.isApi is decided on the decoded path (request-context), so '/%61pi/…' is an API call too.
    const isApi = request.isApi;
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
