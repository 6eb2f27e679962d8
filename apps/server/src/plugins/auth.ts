import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import proxyAddr from '@fastify/proxy-addr';
import { forbidden, tokenError } from '../lib/errors.ts';
import type { Caller, ResolveCaller } from '../lib/caller.ts';
import { isApiRoute, whoRefusal } from './access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/**
 * The ResolveCaller (lib/caller.ts) of the auth module's sessions and the brand module's hosts,
 * described by what it uses of them, so this plugin imports no module.
 */
export function callerResolver(
  sessions: { resolve(token: string, instanceUuid: string | undefined, brandId: number): Promise<Caller> },
  brands: { forHost(host: string): Promise<{ id: number } | undefined> },
): ResolveCaller {
  return async (token, instanceUuid, host) => {
    const brand = await brands.forHost(host);
    if (!brand) throw tokenError();
    return sessions.resolve(token, instanceUuid, brand.id);
  };
}

/** Whether an address is one of the proxies TRUST_PROXY names (then its X-Forwarded-* headers count). */
export type ProxyTrust = (address: string) => boolean;

/** The proxies to believe, compiled as Fastify compiles its own trustProxy list. */
export function proxyTrust(list: false | string[] | undefined): ProxyTrust {
  if (!list || list.length === 0) return () => false;
  const trusted = proxyAddr.compile(list);
  return (address) => trusted(address, 0);
}

/**
 * The host a socket's handshake came to, read exactly as Fastify reads request.hostname: the last
 * X-Forwarded-Host entry only when the peer is a trusted proxy, else Host. (Which brand a host is
 * decides which tokens it accepts, so a client must not choose it with a header.)
 */
export function handshakeHost(
  headers: Record<string, string | string[] | undefined>, peer: string | undefined, trusted: ProxyTrust,
): string {
  const forwarded = headers['x-forwarded-host'];
  const raw = Array.isArray(forwarded) ? forwarded.at(-1) : forwarded;
  const last = peer && trusted(peer) ? raw?.split(',').at(-1)?.trim() : undefined;
  const host = last || (typeof headers.host === 'string' ? headers.host : '');
  return host.replace(/:\d+$/, '');
}

/**
 * Session check for every /api route: the caller is resolved and held to the `who` of the route's
 * access rule (plugins/access.ts; a route without a rule does not start). The rule's scopes are
 * checked there, after the input is validated.
 */
export const auth = fp(async (app: FastifyInstance, opts: { resolveCaller: ResolveCaller }) => {
  app.decorateRequest('caller', null);
  app.addHook('preValidation', async (request) => {
    // Only the API's own routes; an unknown /api path reaches the not-found answer as it is.
    if (!isApiRoute(request.routeOptions.url)) return;
    const config = request.routeOptions.config;
    const rule = config.access ?? { who: 'session' };
    if (rule.who === 'public') return;
    if (!request.bearer) throw tokenError('You are not signed in.');
    const caller = await opts.resolveCaller(request.bearer, request.instanceUuid, request.hostname);
    request.caller = caller;
    if (caller.user.mustChangePassword && !config.duringForcedChange) {
      throw forbidden('You must change your password before you go on.');
    }
    const refusal = whoRefusal(rule, caller);
    if (refusal) throw refusal;
  });
}, { name: 'auth', dependencies: ['request-context'] });
