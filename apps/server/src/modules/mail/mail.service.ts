import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

const { outbox, userSites } = schema;

export interface Mail {
  brandId: number | null;
  userId: number | null;
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every mail is written to the outbox first, so none is lost; with SMTP_URL it is then sent and
 * marked, without it the outbox is where administrators read it.
 */
export function mailService(db: Db, smtpUrl: string | undefined, log: FastifyBaseLogger) {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  return {
    configured: transport !== null,

    async send(mail: Mail): Promise<void> {
      const [row] = await db.insert(outbox).values({
        brandId: mail.brandId, userId: mail.userId, toAddress: mail.to, fromAddress: mail.from,
        subject: mail.subject, text: mail.text, html: mail.html ?? null,
      }).returning({ id: outbox.id });
      if (!row) return;
      if (!transport) {
        log.info({ mailId: row.id }, 'mail kept in the outbox (SMTP_URL is not set); read it on /config/outbox');
        return;
      }
      try {
        await transport.sendMail({ to: mail.to, from: mail.from, subject: mail.subject, text: mail.text, html: mail.html });
        await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        log.warn({ mailId: row.id, err: message }, 'mail could not be sent; it stays in the outbox');
        await db.update(outbox).set({ error: message.slice(0, 500) }).where(eq(outbox.id, row.id));
      }
    },

    /** Outbox rows an administrator may read: all for a super administrator, else mail to users of their sites. */
    async list(viewer: { userId: number; isSuper: boolean; siteIds: number[] }, limit: number) {
      const scope = viewer.isSuper
        ? sql`true`
        : or(
            eq(outbox.userId, viewer.userId),
            and(isNotNull(outbox.userId), inArray(outbox.userId,
              db.select({ id: userSites.userId }).from(userSites).where(inArray(userSites.siteId, viewer.siteIds.length ? viewer.siteIds : [-1])))),
          );
      return db.select().from(outbox).where(scope).orderBy(desc(outbox.id)).limit(limit);
    },
  };
}
export type MailService = ReturnType<typeof mailService>;
