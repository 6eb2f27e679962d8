import {
  changePasswordBodySchema, loginAnswerSchema, loginBodySchema, loginQuerySchema, passwordResetBodySchema,
  plainSuccessSchema, resetPasswordRequestBodySchema, userAnswerSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/errors.ts';
import { callerOf } from '../../lib/caller.ts';
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
    schema: { ...tag, summary: 'E-mail a password reset link (same answer for unknown addresses)', body: resetPasswordRequestBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'public' }, rateLimit },
  }, async (request) => {
    opts.auth.requestReset(request.body.email);
    return { ok: 1 as const, message: RESET_REQUESTED };
  });

  app.post('/passwordreset', {
    schema: { ...tag, summary: 'Set a new password from an e-mailed reset link', body: passwordResetBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'public' }, rateLimit },
  }, async (request) => {
    await opts.auth.completeReset(request.body.email, request.body.guid, request.body.pwd);
    return { ok: 1 as const, message: 'Your password has been changed. Sign in with the new password.' };
  });
};
