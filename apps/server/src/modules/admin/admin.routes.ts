import { outboxAnswerSchema, outboxQuerySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import type { MailService } from '../mail/index.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get('/outbox', {
    schema: { tags: ['admin'], summary: 'Mail outbox (administrators): mail to users whose every site the caller administers; reset and welcome links are never shown', querystring: outboxQuerySchema, response: { 200: outboxAnswerSchema } },
    config: { access: { who: 'admin' } },
  }, async (request) => {
    const caller = callerOf(request);
    const rows = await mail.list({ userId: caller.user.id, isSuper: caller.isSuper, siteIds: caller.siteIds }, request.query.limit ?? 50);
    return {
      ok: 1 as const,
      mails: rows.map((m) => ({
        id: m.id, to: m.toAddress, from: m.fromAddress, subject: m.subject, text: m.text, withheld: m.withheld,
        created: m.createdAt.toISOString(), sent: m.sentAt ? m.sentAt.toISOString() : null, error: m.error,
      })),
    };
  });
};
