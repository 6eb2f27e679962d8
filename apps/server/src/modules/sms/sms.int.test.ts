import { schema } from '@fleet/db';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';

// sendtestsms (issue 15): through the HTTP SMS provider when SMS_URL is set — here a real HTTP
// listener started by the test — and kept in the SMS outbox only when nothing is set up.

interface Received { auth: string | undefined; type: string | undefined; body: { to: string; from: string; text: string } }
const received: Received[] = [];
let answer = { status: 200, body: '{"id":"msg-1"}' };
const gateway = http.createServer((req, res) => {
  let data = '';
  req.on('data', (c: Buffer) => { data += c; });
  req.on('end', () => {
    received.push({ auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(data) as Received['body'] });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
});

const SUPER = { email: 'sms.super@fleet.test', password: 'SmsSuper!pass1' };
let withProvider: TestApp;
let outboxOnly: TestApp;

async function superToken(t: TestApp) {
  await t.database.db.insert(schema.users).values({ email: SUPER.email, name: 'Sms Super', usertype: 0, passwordHash: await hashPassword(SUPER.password) });
  return (await t.login(SUPER.email, SUPER.password)).token;
}
const auditOf = async (t: TestApp) => (await t.database.pool.query<{ action: string; target_name: string; detail: string; after: unknown }>(
  `SELECT action, target_name, detail, after FROM audit_log WHERE action = 'sms.test' ORDER BY id`)).rows;

beforeAll(async () => {
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  [withProvider, outboxOnly] = await Promise.all([createTestApp({ sms: { url, token: 'sms-secret-token' } }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([withProvider?.close(), outboxOnly?.close()]);
  await new Promise((r) => gateway.close(r));
});

describe('sendtestsms with SMS_URL', () => {
  it('posts {to, from, text} with the bearer token to the provider, keeps it as sent and audits it', async () => {
    const token = await superToken(withProvider);
    received.length = 0;
    answer = { status: 200, body: '{"id":"msg-1"}' };
    const res = await withProvider.call('POST', 'sendtestsms', { token, body: { to: '+44 7700 900123', text: 'Hello from the test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: 1, configured: true, message: 'The test message was sent to +447700900123.', sms: { to: '+447700900123', provider: 'http', error: null } });
    expect(res.json().sms.sentAt).not.toBeNull();
    expect(received).toEqual([{ auth: 'Bearer sms-secret-token', type: 'application/json', body: { to: '+447700900123', from: 'Fleetwise', text: 'Hello from the test' } }]);

    const list = (await withProvider.call('GET', 'smsoutbox', { token })).json();
    expect(list).toMatchObject({ configured: true, messages: [{ to: '+447700900123', text: 'Hello from the test', provider: 'http' }] });
    const [line] = await auditOf(withProvider);
    expect(line).toMatchObject({ action: 'sms.test', target_name: '+447700900123', after: { provider: 'http', sent: true } });
    expect(JSON.stringify(line)).not.toContain('sms-secret-token');
  });

  it("says what the provider answered when it refuses (502), and keeps the message with that error", async () => {
    const token = (await withProvider.login(SUPER.email, SUPER.password)).token;
    answer = { status: 503, body: '{"error":"queue full"}' };
    const res = await withProvider.call('POST', 'sendtestsms', { token, body: { to: '+447700900124' } });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The message was not sent: the SMS provider answered HTTP 503: {"error":"queue full"}. It is kept in the SMS outbox with this error.');
    expect(received.at(-1)?.body.text).toBe('Fleetwise: a test message sent by Sms Super. Text messages work.');
    const [latest] = (await withProvider.call('GET', 'smsoutbox', { token })).json().messages;
    expect(latest).toMatchObject({ to: '+447700900124', sentAt: null, error: 'the SMS provider answered HTTP 503: {"error":"queue full"}' });
  });
});

describe('sendtestsms without SMS_URL', () => {
  it('keeps the message in the outbox, sends nothing and says SMS is not set up', async () => {
    const token = await superToken(outboxOnly);
    const before = received.length;
    const res = await outboxOnly.call('POST', 'sendtestsms', { token, body: { to: '+447700900125', text: 'Kept only' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: false, message: 'SMS is not set up (SMS_URL): the message is kept in the outbox and was not sent.', sms: { provider: 'outbox', sentAt: null } });
    expect(received.length).toBe(before);
    const { rows } = await outboxOnly.database.pool.query(`SELECT to_number, provider, sent_at FROM sms_outbox`);
    expect(rows).toEqual([{ to_number: '+447700900125', provider: 'outbox', sent_at: null }]);
    expect(await auditOf(outboxOnly)).toHaveLength(1);
  });

  it('refuses a bad number (400, nothing kept) and anyone but a super administrator (403)', async () => {
    const token = (await outboxOnly.login(SUPER.email, SUPER.password)).token;
    const count = async () => (await outboxOnly.database.pool.query(`SELECT count(*)::int AS n FROM sms_outbox`)).rows[0].n as number;
    const n = await count();
    for (const to of ['07700 900123', '+0', 'call me', '']) {
      const res = await outboxOnly.call('POST', 'sendtestsms', { token, body: { to } });
      expect(res.statusCode, to).toBe(400);
      expect(res.json().message).toMatch(/to.*international form/);
    }
    const admin = (await outboxOnly.login('admin.leeds@aire-valley.example')).token;
    expect((await outboxOnly.call('POST', 'sendtestsms', { token: admin, body: { to: '+447700900126' } })).statusCode).toBe(403);
    expect((await outboxOnly.call('GET', 'smsoutbox', { token: admin })).statusCode).toBe(403);
    expect(await count()).toBe(n);
  });

  it("lists only the session's brand's messages", async () => {
    const north = (await outboxOnly.database.pool.query<{ id: number }>(`SELECT id FROM brands WHERE key = 'northway'`)).rows[0]!.id;
    await outboxOnly.database.pool.query(`INSERT INTO sms_outbox (brand_id, to_number, text, provider) VALUES ($1, '+447700900999', 'north', 'outbox')`, [north]);
    const token = (await outboxOnly.login(SUPER.email, SUPER.password)).token;
    const list = (await outboxOnly.call('GET', 'smsoutbox', { token })).json().messages as { to: string }[];
    expect(list.map((m) => m.to)).not.toContain('+447700900999');
  });
});
