import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string; from: string; subject: string; text: string;
  /** The files attached, as parsed (scheduled reports). */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives in memory, for tests that must read
 * mail as its addressee does (a reset link is never readable anywhere else).
 */
export async function startSmtpSink(port = 0) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((m) => {
        const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
        received.push({
          to, from: m.from?.text ?? '', subject: m.subject ?? '', text: m.text ?? '',
          attachments: m.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      }, (err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    /** The newest mail to `to` that arrives after `since` mails had arrived, waiting up to `timeoutMs`. */
    async next(to: string, since: number, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(since).filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived in ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, Math.max(1, deadline - Date.now()));
          waiters.push(() => { clearTimeout(t); r(); });
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The reset link in a mail's text and its guid. */
export function resetLinkIn(text: string): { link: string; guid: string } {
  const link = /(https?:\/\/\S+\/resetpassword\/\S+)/.exec(text)?.[1] ?? '';
  return { link, guid: link.split('/').at(-1) ?? '' };
}
