import type { Db } from '@fleet/db';
import fastq from 'fastq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailRepository } from './mail.repository.ts';

/** Where a mail's secret (a reset or welcome link) goes in its text. */
export const SECRET_SLOT = '{{secret}}';

/** What kind of secret a mail carries; it names the marker that replaces it in the outbox. */
export type SecretKind = 'reset link' | 'welcome link';

export interface Mail {
  brandId: number | null;
  userId: number | null;
  to: string;
  from: string;
  subject: string;
  /** Plain text. With `secret`, it holds SECRET_SLOT once, where the secret goes; without, never. */
  text: string;
  html?: string;
  /**
   * A secret only the addressee may see. It is put into the text on the way to the mail server and
   * nowhere else: the outbox keeps the text with a marker in its place.
   */
  secret?: { kind: SecretKind; value: string };
}

/** The marker a withheld secret leaves in the outbox copy. */
export const withheldMarker = (kind: SecretKind) => `[${kind} withheld: sent only to the addressee]`;

/** The outbox error of a secret-bearing mail when there is no mail server to hand it to. */
export const UNDELIVERABLE_WITHOUT_SMTP =
  'Not sent: SMTP_URL is not set. This mail carries a link only the addressee may see, so it is never kept readable here; set SMTP_URL and ask again.';

/** The copy written to the outbox and the copy handed to the mail server, from one mail. */
export function splitSecret(mail: Mail): { stored: string; delivered: string; withheld: SecretKind | null } {
  const slots = mail.text.split(SECRET_SLOT).length - 1;
  if (mail.html !== undefined && (mail.secret || mail.html.includes(SECRET_SLOT))) {
    throw new Error('a mail with a secret is plain text only');
  }
  if (!mail.secret) {
    if (slots) throw new Error('mail text has a secret slot but no secret');
    return { stored: mail.text, delivered: mail.text, withheld: null };
  }
  const { kind, value } = mail.secret;
  if (slots !== 1) throw new Error('a mail with a secret must hold the secret slot exactly once');
  if (value.length < 16 || mail.text.includes(value) || mail.subject.includes(value)) {
    throw new Error('a mail secret must only be passed as the secret');
  }
  return { stored: mail.text.replace(SECRET_SLOT, withheldMarker(kind)), delivered: mail.text.replace(SECRET_SLOT, value), withheld: kind };
}

interface Delivery { id: number; to: string; from: string; subject: string; text: string; html?: string }

/**
 * Every mail is written to the outbox first (with any secret withheld), then handed to the mail
 * server from an in-memory queue, off the caller's path. The full text of a mail with a secret
 * exists only in that queue, on its way to SMTP; without SMTP_URL such a mail is not delivered at all.
 */
export function mailService(db: Db, smtpUrl: string | undefined, log: FastifyBaseLogger) {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const repo = mailRepository(db);

  const deliveries = fastq.promise(async (d: Delivery) => {
    if (!transport) return;
    try {
      await transport.sendMail({ to: d.to, from: d.from, subject: d.subject, text: d.text, html: d.html });
      await repo.markSent(d.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ mailId: d.id, err: message }, 'mail could not be sent; it stays in the outbox');
      await repo.markFailed(d.id, message.slice(0, 500)).catch(() => undefined);
    }
  }, 2);

  return {
    configured: transport !== null,

    /** Writes the mail to the outbox and queues it for sending; resolves once the outbox row is written. */
    async send(mail: Mail): Promise<void> {
      const { stored, delivered, withheld } = splitSecret(mail);
      const id = await repo.insert({
        brandId: mail.brandId, userId: mail.userId, toAddress: mail.to, fromAddress: mail.from,
        subject: mail.subject, text: stored, html: mail.html ?? null, withheld,
        error: withheld && !transport ? UNDELIVERABLE_WITHOUT_SMTP : null,
      });
      if (id === undefined) return;
      if (!transport) {
        log.info({ mailId: id }, withheld
          ? 'mail with a secret not sent: SMTP_URL is not set'
          : 'mail kept in the outbox (SMTP_URL is not set); read it on /config/outbox');
        return;
      }
      void deliveries.push({ id, to: mail.to, from: mail.from, subject: mail.subject, text: delivered, html: mail.html });
    },

    /** Resolves when every queued mail has been handed over (or has failed). */
    settled(): Promise<void> {
      return deliveries.drained();
    },

    /**
     * Outbox rows an administrator may read: all for a super administrator; else their own mail and
     * mail to users every one of whose sites they administer (never mail to a super administrator,
     * to a user without sites, or to no user).
     */
    async list(viewer: { userId: number; isSuper: boolean; siteIds: number[] }, limit: number) {
      return repo.visibleTo(viewer, limit);
    },
  };
}
export type MailService = ReturnType<typeof mailService>;
