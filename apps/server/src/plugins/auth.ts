import { isAdmin, NOT_ADMIN_REASON } from '@fleet/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, tokenError } from '../lib/errors.ts';
import type { Caller, SessionService } from '../modules/auth/session.service.ts';

/** Who may call a route: nobody signed in, any session, administrators (usertype < 2), super administrators. */
export type Access = 'public' | 'session' | 'admin' | 'super';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user still has to change a forced password. */
    duringForcedChange?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** Session check for every /api route; routes are closed unless they say `access: 'public'`. */
export const auth = fp(async (app: FastifyInstance, opts: { sessions: SessionService }) => {
  app.decorateRequest('caller', null);
  app.addHook('preValidation', async (request) => {
    // Only the API's own routes; an unknown /api path reaches the not-found answer as it is.
    if (!request.routeOptions.url?.startsWith('/api/v1/')) return;
    const config = request.routeOptions.config;
    const access = config.access ?? 'session';
    if (access === 'public') return;
    if (!request.bearer) throw tokenError('You are not signed in.');
    const caller = await opts.sessions.resolve(request.bearer, request.instanceUuid);
    request.caller = caller;
    if (caller.user.mustChangePassword && !config.duringForcedChange) {
      throw forbidden('You must change your password before you go on.');
    }
    if (access === 'admin' && !isAdmin(caller.user.usertype)) throw forbidden(NOT_ADMIN_REASON);
    if (access === 'super' && !caller.isSuper) throw forbidden('Only a super administrator may do this.');
  });
}, { name: 'auth', dependencies: ['request-context'] });

/** The caller of a route that is not public (the auth hook has run). */
export function callerOf(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw tokenError('You are not signed in.');
  return request.caller;
}
