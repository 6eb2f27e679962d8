import {
  changePasswordBodySchema, loginAnswerSchema, loginBodySchema, loginQuerySchema, passwordResetBodySchema,
  plainSuccessSchema, resetPasswordBodySchema, userAnswerSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, forbidden, tokenError } from '../../lib/errors.ts';
import { callerOf, type Caller, type ResolveCaller } from '../../lib/caller.ts';
import { whoRefusal } from '../../plugins/access.ts';
import type { BrandService } from '../brand/index.ts';
import { RESET_REQUESTED, WRONG_CREDENTIALS, type AuthService } from './auth.service.ts';
import type { SessionService } from './session.service.ts';

export interface AuthRouteOptions {
  auth: AuthService;
  sessions: SessionService;
  brands: BrandService;
  /** Sign-in and reset calls allowed per address per minute. */
  perAddressPerMinute: number;
  secureCookies: boolean;
  /**
   * resetpassword { uid }: an administrator's reset of a user of their current site (the users
   * module: rules, link, forced change, sessions ended, audit). The token is resolved here, as the
   * call is public for { email }.
   */
  adminReset?: { resolveCaller: ResolveCaller; reset(caller: Caller, siteId: number, uid: number, address: string): Promise<string> };
}

/** The device cookie (see AuthService.login): random, httpOnly, sent only to the sign-in call. */
export const DEVICE_COOKIE = 'fleet_device';
const DEVICE_COOKIE_DAYS = 180;

const emptyBody = z.strictObject({}).optional();
const tag = { tags: ['auth'] };

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, opts) => {
  const rateLimit = { max: opts.perAddressPerMinute, timeWindow: '1 minute' };

  app.post('/login', {
    schema: { ...tag, summary: 'Sign in', querystring: loginQuerySchema, body: loginBodySchema, response: { 200: loginAnswerSchema } },
    config: { access: { who: 'public' }, rateLimit },
  }, async (request, reply) => {
    const brand = await opts.brands.forHost(request.hostname);
    if (!brand) throw new ApiError(401, WRONG_CREDENTIALS);
    const { user, deviceToken } = await opts.auth.login(request.body, {
      brandId: brand.id, userAgent: request.headers['user-agent'] ?? '', deviceToken: request.cookies[DEVICE_COOKIE],
    });
    if (deviceToken) {
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: '/api/v1/login', httpOnly: true, sameSite: 'strict', secure: opts.secureCookies,
        maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
      });
    }
    return { ok: 1 as const, user };
  });

  app.post('/logout', {
    schema: { ...tag, summary: 'Sign out: ends this session', body: emptyBody, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'session', alsoDriver: true, self: true }, duringForcedChange: true },
  }, async (request) => {
    await opts.sessions.revoke(callerOf(request).session.id, 'logout');
    return { ok: 1 as const };
  });

  app.get('/user', {
    schema: { ...tag, summary: 'The signed-in user, as the client stores it', response: { 200: userAnswerSchema } },
    config: { access: { who: 'session', alsoDriver: true }, duringForcedChange: true },
  }, async (request) => {
    const caller = callerOf(request);
    return { ok: 1 as const, user: await opts.sessions.describe(caller.user, caller.session, request.bearer ?? '') };
  });

  app.post('/changepassword', {
    schema: { ...tag, summary: 'Change the password; every session ends and a new token is returned', body: changePasswordBodySchema, response: { 200: userAnswerSchema } },
    config: { access: { who: 'session', alsoDriver: true, self: true }, duringForcedChange: true },
  }, async (request) => ({
    ok: 1 as const,
    user: await opts.auth.changePassword(callerOf(request), request.body.pwd, request.headers['user-agent'] ?? ''),
  }));

  app.post('/resetpassword', {
    schema: {
      ...tag, summary: "{ email }: e-mail a password reset link (same answer for unknown addresses); { uid }, signed in as an administrator: reset a user's password",
      body: resetPasswordBodySchema, response: { 200: plainSuccessSchema },
    },
    config: {
      access: { who: 'public', note: "with { uid }: a signed-in administrator (403 'Not Admin') of the current site, which the user holds (404 'No such user.'), allowed to manage the user (403)" },
      rateLimit,
    },
  }, async (request) => {
    const { email, uid } = request.body;
    if (uid === undefined) {
      opts.auth.requestReset(email ?? '');
      return { ok: 1 as const, message: RESET_REQUESTED };
    }
    // An administrator's reset: the caller is resolved and checked as for an 'admin' rule.
    if (!opts.adminReset) throw new ApiError(404, 'Resetting another user is not available.');
    if (!request.bearer) throw tokenError('You are not signed in.');
    const caller = await opts.adminReset.resolveCaller(request.bearer, request.instanceUuid, request.hostname);
    request.caller = caller;
    if (caller.user.mustChangePassword) throw forbidden('You must change your password before you go on.');
    const refusal = whoRefusal({ who: 'admin' }, caller);
    if (refusal) throw refusal;
    if (caller.session.siteId === null) throw badRequest('Pick a site first.');
    return { ok: 1 as const, message: await opts.adminReset.reset(caller, caller.session.siteId, uid, request.ip) };
  });

  app.post('/passwordreset', {
    schema: { ...tag, summary: 'Set a new password from an e-mailed reset link', body: passwordResetBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'public' }, rateLimit },
  }, async (request) => {
    await opts.auth.completeReset(request.body.email, request.body.guid, request.body.pwd);
    return { ok: 1 as const, message: 'Your password has been changed. Sign in with the new password.' };
  });
};
