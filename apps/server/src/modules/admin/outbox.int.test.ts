import { applyMigrations, connect, schema } from '@fleet/db';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { resetLinkIn, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { UNDELIVERABLE_WITHOUT_SMTP, withheldMarker } from '../mail/index.ts';

const DISPATCH = 'dispatch@aire-valley.example'; // Leeds Depot and Bradford Yard
const OPS_LEEDS = 'ops.leeds@aire-valley.example'; // Leeds Depot only
const ADMIN_LEEDS = 'admin.leeds@aire-valley.example'; // administers Leeds Depot only

interface OutboxMail { to: string; text: string; withheld: string | null; error: string | null; sent: string | null }

async function outboxOf(t: TestApp, token: string): Promise<OutboxMail[]> {
  const res = await t.call('GET', 'outbox?limit=200', { token });
  expect(res.statusCode).toBe(200);
  return res.json().mails as OutboxMail[];
}

async function superAdmin(t: TestApp) {
  await t.database.db.insert(schema.users).values({
    email: 'root@fleet.test', name: 'Root', usertype: 0, passwordHash: await hashPassword('Root!pass123'),
  }).onConflictDoNothing();
  return t.login('root@fleet.test', 'Root!pass123');
}

describe('outbox without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('does not let a site administrator take over a user of a site they do not administer', async () => {
    // The reported attack: reset dispatch's password with no session, read the link in the outbox as
    // admin.leeds, set a new password, sign in as dispatch and read Bradford.
    await t.call('POST', 'resetpassword', { body: { email: DISPATCH } });
    await t.settled();
    const admin = await t.login(ADMIN_LEEDS);
    const seen = await outboxOf(t, admin.token);
    expect(seen.map((m) => m.to)).not.toContain(DISPATCH);
    expect(JSON.stringify(seen)).not.toMatch(/\/resetpassword\//);
    await expect(t.login(DISPATCH, DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it('shows a site administrator mail of their own users with the link withheld and says it was not sent', async () => {
    await t.call('POST', 'resetpassword', { body: { email: OPS_LEEDS } });
    await t.settled();
    const admin = await t.login(ADMIN_LEEDS);
    const mail = (await outboxOf(t, admin.token)).find((m) => m.to === OPS_LEEDS);
    expect(mail).toBeDefined();
    expect(mail?.text).toContain(withheldMarker('reset link'));
    expect(mail?.text).not.toMatch(/\/resetpassword\//);
    expect(mail?.withheld).toBe('reset link');
    expect(mail?.error).toBe(UNDELIVERABLE_WITHOUT_SMTP);
    expect(mail?.sent).toBeNull();
  });

  it('never shows a reset link to a super administrator either', async () => {
    const root = await superAdmin(t);
    const all = await outboxOf(t, root.token);
    expect(all.map((m) => m.to)).toEqual(expect.arrayContaining([DISPATCH, OPS_LEEDS]));
    expect(JSON.stringify(all)).not.toMatch(/\/resetpassword\//);
    const rows = await t.database.pool.query<{ text: string }>('SELECT text FROM outbox');
    for (const r of rows.rows) expect(r.text).not.toMatch(/\/resetpassword\//);
  });
});

describe('outbox with SMTP_URL', () => {
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

  it('sends the live link to the addressee only: the outbox table never holds the guid', async () => {
    const since = smtp.received.length;
    await t.call('POST', 'resetpassword', { body: { email: OPS_LEEDS } });
    const received = await smtp.next(OPS_LEEDS, since);
    const { guid } = resetLinkIn(received.text);
    expect(guid.length).toBeGreaterThan(20);
    await t.settled();
    const dump = await t.database.pool.query<{ row: string }>('SELECT row_to_json(o)::text AS row FROM outbox o');
    expect(dump.rows.length).toBeGreaterThan(0);
    for (const r of dump.rows) expect(r.row).not.toContain(guid);
    const admin = await t.login(ADMIN_LEEDS);
    const mail = (await outboxOf(t, admin.token)).find((m) => m.to === OPS_LEEDS);
    expect(mail?.withheld).toBe('reset link');
    expect(mail?.sent).not.toBeNull();
    expect(mail?.error).toBeNull();
    // The addressee's link works.
    const done = await t.call('POST', 'passwordreset', { body: { email: OPS_LEEDS, guid, pwd: 'Fresh!pass42' } });
    expect(done.json().ok).toBe(1);
  });
});

describe('migration 0006', () => {
  it('withholds reset links already stored in the outbox, ends every open link, and gives old sessions their brand', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `fleet_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = connect(url.toString(), { max: 2 });
    const before = await mkdtemp(path.join(os.tmpdir(), 'fleet-mig-'));
    try {
      // The database as it was before 0006: migrations 0000–0005 only.
      const folder = path.resolve(import.meta.dirname, '../../../../../packages/db/migrations');
      await cp(folder, before, { recursive: true });
      const journal = JSON.parse(await readFile(path.join(before, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((e) => e.tag < '0006');
      await writeFile(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
      await migrate(drizzle(database.pool), { migrationsFolder: before });
      const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
      await q(`INSERT INTO brands (key, hosts, is_default, name, theme_color, logo_svg, favicon_svg, public_url, sender_address)
               VALUES ('fleet', '{localhost}', true, 'Fleetwise', '#000', '', '', 'http://localhost', 'a@b.c')`);
      await q(`INSERT INTO users (email, name, password_hash, usertype) VALUES ('u@x.example', 'U', 'h', 2)`);
      await q(`INSERT INTO sessions (token_hash, user_id, instance_uuid, route_uuid, expires_at)
               SELECT 'th', id, 'i', 'r', now() + interval '1 day' FROM users`);
      const live = 'http://localhost/resetpassword/u%40x.example/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
      await q(`INSERT INTO password_resets (user_id, token_hash, expires_at) SELECT id, 'rh', now() + interval '1 hour' FROM users`);
      await q(`INSERT INTO outbox (to_address, from_address, subject, text) VALUES ('u@x.example', 'a@b.c', 'Reset', $1), ('u@x.example', 'a@b.c', 'Hi', 'No link here')`,
        [`Open this link:\n\n${live}\n\nThanks`]);

      await applyMigrations(database);

      const rows = (await q('SELECT subject, text, withheld FROM outbox ORDER BY id')).rows as { subject: string; text: string; withheld: string | null }[];
      expect(rows[0]).toEqual({ subject: 'Reset', text: `Open this link:\n\n${withheldMarker('reset link')}\n\nThanks`, withheld: 'reset link' });
      expect(rows[1]).toEqual({ subject: 'Hi', text: 'No link here', withheld: null });
      const sessions = (await q('SELECT s.brand_id, b.key FROM sessions s JOIN brands b ON b.id = s.brand_id')).rows;
      expect(sessions).toEqual([expect.objectContaining({ key: 'fleet' })]);
      const open = (await q('SELECT count(*)::int AS n FROM password_resets WHERE used_at IS NULL')).rows[0];
      expect(open).toEqual({ n: 0 });
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(before, { recursive: true, force: true });
    }
  });
});
