import { sendTestSmsAnswerSchema, sendTestSmsBodySchema, smsOutboxAnswerSchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import { senderOf, type SmsProvider } from './sms.provider.ts';
import type { SmsRepository } from './sms.repository.ts';

export interface SmsRoutesOptions {
  repo: SmsRepository;
  provider: SmsProvider;
  /** SMS_FROM, when set. */
  from?: string;
  /** The name of a brand (the sender ID and the test message name it). */
  brandName(brandId: number): Promise<string>;
  audit: AuditLog;
}

/** sendtestsms and smsoutbox (issue 15): the SMS provider tried from the brand page, and what was sent. */
export const smsRoutes: FastifyPluginAsyncZod<SmsRoutesOptions> = async (app, { repo, provider, from, brandName, audit }) => {
  app.post('/sendtestsms', {
    schema: {
      tags: ['sms'],
      summary: 'Sends a test text message through the SMS provider (SMS_URL); with none set up it is kept in the SMS outbox only',
      body: sendTestSmsBodySchema, response: { 200: sendTestSmsAnswerSchema },
    },
    config: { access: { who: 'super', note: "sent for the session's brand and kept in its outbox" } },
  }, async (request) => {
    const caller = callerOf(request);
    const brandId = caller.session.brandId;
    const name = await brandName(brandId);
    const text = request.body.text ?? `${name}: a test message sent by ${caller.user.name}. Text messages work.`;
    const kept = await repo.add({ brandId, to: request.body.to, text, provider: provider.name });
    let error: string | null = null;
    if (provider.configured) {
      try {
        await provider.send({ to: kept.to, from: senderOf(name, from), text });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        request.log.warn({ smsId: kept.id, error }, 'test SMS not taken by the provider');
      }
    }
    const sms = provider.configured ? await repo.settle(kept.id, error) : kept;
    await audit.change({ caller, address: request.ip }, {
      action: 'sms.test', targetKind: 'sms', targetId: sms.id, targetName: sms.to,
      after: { to: sms.to, provider: sms.provider, sent: sms.sentAt !== null }, detail: error ?? '',
    });
    if (error) throw new ApiError(502, `The message was not sent: ${error}. It is kept in the SMS outbox with this error.`);
    const message = provider.configured
      ? `The test message was sent to ${sms.to}.`
      : 'SMS is not set up (SMS_URL): the message is kept in the outbox and was not sent.';
    return { ok: 1 as const, message, configured: provider.configured, sms };
  });

  app.get('/smsoutbox', {
    schema: { tags: ['sms'], summary: "The latest 50 text messages of the session's brand, newest first, and whether an SMS provider is set up", response: { 200: smsOutboxAnswerSchema } },
    config: { access: { who: 'super', note: "the session's brand's messages only" } },
  }, async (request) => {
    const caller = callerOf(request);
    return { ok: 1 as const, configured: provider.configured, messages: await repo.latest(caller.session.brandId) };
  });
};
