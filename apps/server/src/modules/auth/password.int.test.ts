import { schema } from '@fleet/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/tokens.ts';
import { createTestApp, DEMO_PASSWORD, PUBLIC_URL, type TestApp } from '../../../test/harness.ts';
import { resetLinkIn, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const NEW_PASSWORD = 'Fresh!pass42';

/** Asks for a reset link and reads it as the addressee does: from the mail that reached the mail server. */
async function requestResetLink(email: string, headers?: Record<string, string>): Promise<{ link: string; guid: string; answer: unknown }> {
  const since = smtp.received.length;
  const res = await t.call('POST', 'resetpassword', { body: { email }, headers });
  const mail = await smtp.next(email, since);
  return { ...resetLinkIn(mail.text), answer: res.json() };
}

describe('changepassword', () => {
  it('refuses a password that breaks the rules and keeps the old one', async () => {
    const user = await t.login('admin.bradford@aire-valley.example');
    for (const pwd of ['short1!', 'nodigits!!', 'NoSpecial123']) {
      const res = await t.call('POST', 'changepassword', { token: user.token, body: { pwd } });
      expect(res.statusCode).toBe(400);
      expect(res.json().ok).toBe(0);
    }
    await expect(t.login('admin.bradford@aire-valley.example')).resolves.toBeTruthy();
  });

  it('changes the password, ends every old session and returns a new token', async () => {
    const email = 'admin.bradford@aire-valley.example';
    const a = await t.login(email);
    const b = await t.login(email);
    const res = await t.call('POST', 'changepassword', { token: a.token, body: { pwd: NEW_PASSWORD } });
    expect(res.json().ok).toBe(1);
    const fresh = res.json().user;
    expect(fresh.token).not.toBe(a.token);
    for (const old of [a, b]) expect((await t.call('GET', 'user', { token: old.token })).statusCode).toBe(401);
    expect((await t.call('GET', 'user', { token: fresh.token })).json().ok).toBe(1);
    await expect(t.login(email, DEMO_PASSWORD)).rejects.toThrow();
    await expect(t.login(email, NEW_PASSWORD)).resolves.toBeTruthy();
  });
});

describe('forced change', () => {
  it('lets a user with the reset flag do nothing but change the password', async () => {
    const email = 'ops.bradford@aire-valley.example';
    await t.database.db.update(schema.users).set({ mustChangePassword: true }).where(sql`lower(email) = ${email}`);
    const user = await t.login(email);
    expect(user.reset).toBe(1);
    const blocked = await t.call('GET', `vehicles?siteid=${user.siteid}`, { token: user.token });
    expect(blocked.statusCode).toBe(403);
    const changed = await t.call('POST', 'changepassword', { token: user.token, body: { pwd: NEW_PASSWORD } });
    expect(changed.json().user.reset).toBe(0);
    const ok = await t.call('GET', `vehicles?siteid=${user.siteid}`, { token: changed.json().user.token });
    expect(ok.json().ok).toBe(1);
  });
});

describe('password reset by e-mail', () => {
  const email = 'ops.leeds@aire-valley.example';

  it('answers the same for known and unknown addresses and mails a link built from the brand address', async () => {
    const { link, guid, answer } = await requestResetLink(email, { host: 'evil.example.com' });
    const unknown = await t.call('POST', 'resetpassword', { body: { email: 'nobody@nowhere.example' } });
    expect(answer).toEqual(unknown.json());
    expect(link.startsWith(`${PUBLIC_URL}/resetpassword/`)).toBe(true);
    expect(link).not.toContain('evil.example.com');
    expect(Buffer.from(guid, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db.select().from(schema.passwordResets);
    expect(stored.some((r) => r.tokenHash.includes(guid))).toBe(false);
  });

  it('sets a new password once; the same link is refused the second time', async () => {
    const { guid } = await requestResetLink(email);
    const first = await t.call('POST', 'passwordreset', { body: { email, guid, pwd: NEW_PASSWORD } });
    expect(first.json().ok).toBe(1);
    const again = await t.call('POST', 'passwordreset', { body: { email, guid, pwd: 'Another!pass9' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().ok).toBe(0);
    await expect(t.login(email, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses an expired link and a link used with another e-mail', async () => {
    const target = 'dispatch@aire-valley.example';
    const { guid } = await requestResetLink(target);
    const wrongEmail = await t.call('POST', 'passwordreset', { body: { email: 'ops@northway.example', guid, pwd: NEW_PASSWORD } });
    expect(wrongEmail.json().ok).toBe(0);
    // This link, and only this one, runs out (other cases' links stay as they are).
    const expiring = await t.database.db.update(schema.passwordResets).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResets.tokenHash, hashSecret(guid))).returning({ id: schema.passwordResets.id });
    expect(expiring).toHaveLength(1);
    const expired = await t.call('POST', 'passwordreset', { body: { email: target, guid, pwd: NEW_PASSWORD } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/not valid/);
    await expect(t.login(target, DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses a new password that breaks the rules without using up the link', async () => {
    const target = 'admin@northway.example';
    const { guid, link } = await requestResetLink(target);
    expect(link.startsWith('http://northway.localhost:8080/')).toBe(true);
    const weak = await t.call('POST', 'passwordreset', { body: { email: target, guid, pwd: 'weak' } });
    expect(weak.statusCode).toBe(400);
    const good = await t.call('POST', 'passwordreset', { body: { email: target, guid, pwd: NEW_PASSWORD } });
    expect(good.json().ok).toBe(1);
  });
});
