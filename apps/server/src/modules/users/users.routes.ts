import {
  plainSuccessSchema, revokeSessionBodySchema, sendWelcomeEmailBodySchema, userSessionsAnswerSchema, userSessionsQuerySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { type AccessRule, CURRENT_SITE_REQUIRED, currentSiteOf } from '../../plugins/access.ts';
import type { UsersService } from './users.service.ts';

const tag = { tags: ['users'] };
const USER_NOTE = 'the user must hold the current site, and the caller must be allowed to manage them (docs/decisions.md, Users administration)';
const ofUser = (field: 'query.uid' | 'body.uid'): AccessRule => ({
  who: 'admin', scope: [CURRENT_SITE_REQUIRED, { row: 'user', field, within: 'current site', missing: 'user' }], note: USER_NOTE,
});

/** The users calls beside the `users` configuration list: welcome mail, sessions. (An administrator's reset is resetpassword { uid }.) */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.post('/sendwelcomeemail', {
    schema: { ...tag, summary: 'Mails a user of the current site a link to set their first password (7 days)', body: sendWelcomeEmailBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: ofUser('body.uid') },
  }, async (request) => ({
    ok: 1 as const, message: await service.sendWelcome(callerOf(request), currentSiteOf(request), request.body.uid, request.ip),
  }));

  app.get('/usersessions', {
    schema: { ...tag, summary: "A user's sessions (started, last seen, device, ended) and last sign-in", querystring: userSessionsQuerySchema, response: { 200: userSessionsAnswerSchema } },
    config: { access: ofUser('query.uid') },
  }, async (request) => ({ ok: 1 as const, ...(await service.sessionsOf(callerOf(request), currentSiteOf(request), request.query.uid)) }));

  app.post('/revokesession', {
    schema: { ...tag, summary: 'Ends one session of a user of the current site', body: revokeSessionBodySchema, response: { 200: plainSuccessSchema } },
    config: {
      access: { who: 'admin', scope: [CURRENT_SITE_REQUIRED, { row: 'user session', field: 'body.id', within: 'current site', missing: 'session' }], note: USER_NOTE },
    },
  }, async (request) => ({
    ok: 1 as const, message: await service.revokeSession(callerOf(request), currentSiteOf(request), request.body.id, request.ip),
  }));
};
