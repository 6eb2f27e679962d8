import { plainSuccessSchema, siteMessageAnswerSchema, updateSiteMessageBodySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteRepository } from './site.repository.ts';
import { currentSiteOf, scopedOf } from '../../plugins/access.ts';

const tag = { tags: ['site'] };

/** The site message of the session's current site: read by everyone there, set by its administrators. */
export const siteRoutes: FastifyPluginAsyncZod<{ repo: SiteRepository; onMessage: (siteId: number, message: string) => void }> = async (app, { repo, onMessage }) => {
  app.get('/sitemessage', {
    schema: { ...tag, summary: "The current site's message to its users", response: { 200: siteMessageAnswerSchema } },
    config: { access: { who: 'session', scope: [{ current: 'site', none: 'pass' }] } },
  }, async (request) => {
    const siteId = scopedOf(request).currentSite;
    if (!siteId) return { ok: 1 as const, message: '', siteid: null };
    return { ok: 1 as const, message: (await repo.message(siteId)) ?? '', siteid: siteId };
  });

  app.post('/updatesitemessage', {
    schema: { ...tag, summary: "Set the current site's message (administrators)", body: updateSiteMessageBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'admin', scope: [{ current: 'site', none: { status: 400, message: 'Pick a site first: the message belongs to the site you are on.' } }] } },
  }, async (request) => {
    const siteId = currentSiteOf(request);
    await repo.setMessage(siteId, request.body.msg);
    onMessage(siteId, request.body.msg);
    return { ok: 1 as const };
  });
};
