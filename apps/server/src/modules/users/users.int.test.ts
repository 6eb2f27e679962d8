import { schema } from '@fleet/db';
import {
  FLAG_NOT_HELD_TEXT, FOREIGN_SITES_TEXT, OWN_ACCOUNT_DELETE_TEXT, OWN_RIGHTS_TEXT, roleNotGrantableText, SITES_NOT_HELD_TEXT, SUPER_TARGET_TEXT,
  type SessionUser, type UserRec,
} from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { resetLinkIn, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { VIEWER_TEXT } from '../../plugins/access.ts';

let t: TestApp;
let smtp: SmtpSink;
let leeds: number;
let bradford: number;
let wakefield: number;
let adminLeeds: SessionUser;
const NEW_PASSWORD = 'Fresh!pass42';
const SUPER = { email: 'users.super@fleet.test', password: 'Super!pass123' };

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpUrl: smtp.url });
  const site = async (name: string) => (await t.database.pool.query<{ id: number }>('SELECT id FROM sites WHERE name = $1', [name])).rows[0]!.id;
  [leeds, bradford, wakefield] = [await site('Leeds Depot'), await site('Bradford Yard'), await site('Wakefield Works')];
  adminLeeds = await t.login('admin.leeds@aire-valley.example');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const rec = (r: Partial<UserRec> = {}): UserRec => ({
  name: 'New Person', email: `new.${Math.random().toString(36).slice(2, 10)}@aire-valley.example`, usertype: 2, sites: [leeds],
  tracksec: false, disabled: false, mustchange: false, ...r,
});
const add = (token: string, r: UserRec) => t.call('POST', 'updateconfigrecord', { token, body: { mode: 'add', list: 'users', id: 0, rec: r } });
const edit = (token: string, id: number, r: UserRec) => t.call('POST', 'updateconfigrecord', { token, body: { mode: 'edit', list: 'users', id, rec: r } });
/** The record as the editor holds it (the fields it edits, and the id). */
const get = async (token: string, id: number) => {
  const r = (await t.call('GET', `configrecord?list=users&id=${id}`, { token })).json().record as UserRec & { id: number };
  return { id: r.id, name: r.name, email: r.email, usertype: r.usertype, sites: r.sites, tracksec: r.tracksec, disabled: r.disabled, mustchange: r.mustchange };
};
const userId = async (email: string) =>
  (await t.database.pool.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email])).rows[0]!.id;
const auditLines = async (action: string, targetId: number) =>
  (await t.database.pool.query<{ before: unknown; after: unknown; actor_user_id: number; kind: string; detail: string }>(
    'SELECT before, after, actor_user_id, kind, detail FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id', [action, String(targetId)])).rows;

/** Reads the set-password link as the addressee does: from the mail that reached the SMTP listener. */
async function linkMailedTo(email: string, since: number) {
  const mail = await smtp.next(email, since);
  return { mail, ...resetLinkIn(mail.text) };
}

/** A super administrator of the demo brand, picked onto Leeds. */
async function superOnLeeds(): Promise<SessionUser> {
  const exists = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [SUPER.email]);
  if (!exists.rowCount) {
    await t.database.db.insert(schema.users).values({ email: SUPER.email, name: 'Super Person', usertype: 0, passwordHash: await hashPassword(SUPER.password) });
  }
  const s = await t.login(SUPER.email, SUPER.password);
  const cid = (await t.database.pool.query<{ customer_id: number }>('SELECT customer_id FROM sites WHERE id = $1', [leeds])).rows[0]!.customer_id;
  return (await t.call('GET', `pick?companyid=${cid}&cid=${leeds}`, { token: s.token })).json().user as SessionUser;
}

describe('the users list', () => {
  it("lists the current site's accounts without any password, hash or token, and searches", async () => {
    const res = await t.call('GET', 'configlist?list=users&q=whitaker', { token: adminLeeds.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.records.map((r: { email: string }) => r.email)).toEqual(['ops.leeds@aire-valley.example']);
    expect(JSON.stringify(body.records)).not.toMatch(/password|hash|token|argon/i);
    const all = (await t.call('GET', 'configlist?list=users&limit=200', { token: adminLeeds.token })).json();
    const emails = all.records.map((r: { email: string }) => r.email);
    expect(emails).toContain('dispatch@aire-valley.example');
    expect(emails).not.toContain('ops.bradford@aire-valley.example');
    // The signed-in admin's last sign-in is recorded and shown.
    expect(all.records.find((r: { email: string }) => r.email === 'admin.leeds@aire-valley.example').lastsignin).toMatch(/^\d{4}-/);
    expect(all.filters.role.map((f: { value: string }) => f.value)).toContain('Operator');
  });

  it('is for administrators: an operator gets "Not Admin", a viewer the viewer text', async () => {
    const ops = await t.login('ops.leeds@aire-valley.example');
    const refused = await t.call('GET', 'configlist?list=users', { token: ops.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Not Admin');
    const viewer = await add(adminLeeds.token, rec({ usertype: 4, name: 'A Viewer' }));
    expect(viewer.statusCode).toBe(200);
    const email = (await get(adminLeeds.token, viewer.json().id)).email;
    await t.database.pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(NEW_PASSWORD), viewer.json().id]);
    const v = await t.login(email, NEW_PASSWORD);
    expect(v.usertype).toBe(4);
    const byViewer = await add(v.token, rec());
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().message).toBe(VIEWER_TEXT);
    // The viewer's menu holds the operator's read pages, none that only change things.
    const links = v.menu.map((m) => m.link);
    expect(links.some((l) => l.startsWith('/tabs/tabs/fleet'))).toBe(true);
    expect(links).not.toContain('/tabs/tabs/tracksectimesheetsignoff');
    expect(links).not.toContain('/tabs/tabs/config');
  });

  it('adds an account on the current site, audited without secrets; a welcome mail sets the first password', async () => {
    const r = rec({ name: 'Welcome Person' });
    const res = await add(adminLeeds.token, r);
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    const [line] = await auditLines('config.users.add', id);
    expect(line).toMatchObject({ actor_user_id: adminLeeds.userid, kind: 'change' });
    expect(JSON.stringify(line)).not.toMatch(/password|hash|argon/i);
    expect(line!.after).toMatchObject({ email: r.email, usertype: 2, sites: [leeds] });
    // Nobody knows the first password: the welcome link sets it.
    await expect(t.login(r.email, NEW_PASSWORD)).rejects.toThrow();
    const since = smtp.received.length;
    const sent = await t.call('POST', 'sendwelcomeemail', { token: adminLeeds.token, body: { uid: id } });
    expect(sent.json()).toMatchObject({ ok: 1 });
    expect(sent.body).not.toMatch(/resetpassword\//);
    const { mail, guid } = await linkMailedTo(r.email, since);
    expect(mail.subject).toMatch(/new account/);
    expect(mail.text).toMatch(/7 days/);
    const stored = await t.database.pool.query<{ purpose: string; expires_at: Date }>('SELECT purpose, expires_at FROM password_resets WHERE user_id = $1', [id]);
    expect(stored.rows.map((x) => x.purpose)).toEqual(['welcome']);
    expect(stored.rows[0]!.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 86400_000);
    const set = await t.call('POST', 'passwordreset', { body: { email: r.email, guid, pwd: NEW_PASSWORD } });
    expect(set.json().ok).toBe(1);
    const signedIn = await t.login(r.email, NEW_PASSWORD);
    expect(signedIn.siteid).toBe(leeds);
    expect(await auditLines('user.welcome', id)).toHaveLength(1);
  });

  it('refuses bad records (400) and a taken address (409), changing nothing', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    for (const bad of [{ ...rec(), email: 'not-an-address' }, { ...rec(), usertype: 3 }, { ...rec(), name: '' }, { ...rec(), password: 'x' }]) {
      const res = await add(adminLeeds.token, bad as UserRec);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const taken = await add(adminLeeds.token, rec({ email: 'OPS.LEEDS@aire-valley.example' }));
    expect(taken.statusCode).toBe(409);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(before);
  });

  it('lets no one give rights they do not hold: roles, sites, flags', async () => {
    const superRole = await add(adminLeeds.token, rec({ usertype: 0 }));
    expect(superRole.statusCode).toBe(403);
    expect(superRole.json().message).toBe(roleNotGrantableText(0));
    const foreignSite = await add(adminLeeds.token, rec({ sites: [leeds, bradford] }));
    expect(foreignSite.statusCode).toBe(403);
    expect(foreignSite.json().message).toBe(SITES_NOT_HELD_TEXT);
    const otherBrand = await add(adminLeeds.token, rec({ sites: [leeds, wakefield] }));
    expect(otherBrand.json().message).toBe(SITES_NOT_HELD_TEXT);
    // The Bradford administrator holds no Tracksec, so cannot give it.
    const bradfordAdmin = await t.login('admin.bradford@aire-valley.example');
    const flag = await add(bradfordAdmin.token, rec({ sites: [bradford], tracksec: true }));
    expect(flag.statusCode).toBe(403);
    expect(flag.json().message).toBe(FLAG_NOT_HELD_TEXT);
    // Raising an existing operator to super administrator is refused just the same.
    const ops = await userId('ops.leeds@aire-valley.example');
    const { id: _o, ...opsRec } = await get(adminLeeds.token, ops);
    const raise = await edit(adminLeeds.token, ops, { ...opsRec, usertype: 0 });
    expect(raise.statusCode).toBe(403);
    expect((await get(adminLeeds.token, ops)).usertype).toBe(2);
    // The refusals are in the audit log.
    const refusals = await t.database.pool.query(`SELECT 1 FROM audit_log WHERE kind = 'refusal' AND actor_user_id = $1`, [adminLeeds.userid]);
    expect(refusals.rowCount).toBeGreaterThan(0);
  });

  it('refuses any change of your own rights, but lets you correct your own name', async () => {
    const me = adminLeeds.userid;
    const mine = await get(adminLeeds.token, me);
    for (const change of [{ usertype: 0 }, { sites: [leeds, bradford] }, { disabled: true }, { tracksec: !mine.tracksec }] as Partial<UserRec>[]) {
      const { id: _id, ...base } = mine;
      const res = await edit(adminLeeds.token, me, { ...(base as UserRec), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe(OWN_RIGHTS_TEXT);
    }
    const { id: _id, ...base } = mine;
    const renamed = await edit(adminLeeds.token, me, { ...(base as UserRec), name: 'Helen Carter-Smith' });
    expect(renamed.statusCode).toBe(200);
    const del = await t.call('POST', 'deleteconfigrecord', { token: adminLeeds.token, body: { mode: 'delete', list: 'users', id: me } });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(OWN_ACCOUNT_DELETE_TEXT);
  });

  it('keeps a site administrator off super administrators and users of sites they do not hold', async () => {
    const sup = await superOnLeeds();
    // A super administrator holding Leeds in the list.
    await t.database.pool.query('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [sup.userid, leeds]);
    const asSeen = await get(adminLeeds.token, sup.userid);
    const { id: _a, ...supRec } = asSeen;
    const onSuper = await edit(adminLeeds.token, sup.userid, { ...(supRec as UserRec), name: 'Renamed' });
    expect(onSuper.statusCode).toBe(403);
    expect(onSuper.json().message).toBe(SUPER_TARGET_TEXT);
    const delSuper = await t.call('POST', 'deleteconfigrecord', { token: adminLeeds.token, body: { mode: 'delete', list: 'users', id: sup.userid } });
    expect(delSuper.statusCode).toBe(403);
    // Dispatch holds Leeds and Bradford: the Leeds administrator sees only Leeds of it and may not change the account.
    const dispatch = await userId('dispatch@aire-valley.example');
    const seen = await get(adminLeeds.token, dispatch);
    expect(seen.sites).toEqual([leeds]);
    const { id: _b, ...dRec } = seen;
    const onDispatch = await edit(adminLeeds.token, dispatch, { ...(dRec as UserRec), name: 'Changed' });
    expect(onDispatch.statusCode).toBe(403);
    expect(onDispatch.json().message).toBe(FOREIGN_SITES_TEXT);
    // The super administrator may: raise an operator to super administrator, give Bradford.
    const made = await add(sup.token, rec({ name: 'Made By Super', sites: [leeds, bradford], usertype: 1 }));
    expect(made.statusCode).toBe(200);
    const r2 = await get(sup.token, made.json().id);
    const { id: _c, ...r2Rec } = r2;
    expect((await edit(sup.token, r2.id, { ...(r2Rec as UserRec), usertype: 0 })).statusCode).toBe(200);
    // Another site's user reads as missing.
    const bradfordOps = await userId('ops.bradford@aire-valley.example');
    expect((await t.call('GET', `configrecord?list=users&id=${bradfordOps}`, { token: adminLeeds.token })).statusCode).toBe(404);
    const delOther = await t.call('POST', 'deleteconfigrecord', { token: adminLeeds.token, body: { mode: 'delete', list: 'users', id: bradfordOps } });
    expect(delOther.statusCode).toBe(404);
  });

  it("disabling an account ends its sessions; deleting one removes it, audited", async () => {
    const r = rec({ name: 'Soon Disabled' });
    const id = (await add(adminLeeds.token, r)).json().id as number;
    await t.database.pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(NEW_PASSWORD), id]);
    const session = await t.login(r.email, NEW_PASSWORD);
    expect((await t.call('GET', 'user', { token: session.token })).statusCode).toBe(200);
    expect((await edit(adminLeeds.token, id, { ...r, disabled: true })).statusCode).toBe(200);
    expect((await t.call('GET', 'user', { token: session.token })).statusCode).toBe(401);
    await expect(t.login(r.email, NEW_PASSWORD)).rejects.toThrow(/disabled/);
    const [line] = await auditLines('config.users.edit', id);
    expect(line).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    const del = await t.call('POST', 'deleteconfigrecord', { token: adminLeeds.token, body: { mode: 'delete', list: 'users', id } });
    expect(del.json()).toMatchObject({ ok: 1 });
    expect((await t.database.pool.query('SELECT 1 FROM users WHERE id = $1', [id])).rowCount).toBe(0);
    expect(await auditLines('config.users.delete', id)).toHaveLength(1);
  });
});

describe("an administrator's password reset (resetpassword { uid })", () => {
  it('mails a reset link to the real mail server, forces a change and ends every session', async () => {
    const r = rec({ name: 'Reset Person' });
    const id = (await add(adminLeeds.token, r)).json().id as number;
    await t.database.pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(NEW_PASSWORD), id]);
    const session = await t.login(r.email, NEW_PASSWORD);
    const since = smtp.received.length;
    const res = await t.call('POST', 'resetpassword', { token: adminLeeds.token, body: { uid: id } });
    expect(res.json()).toMatchObject({ ok: 1 });
    expect(res.json().message).toMatch(/1 session ended/);
    const { mail, guid } = await linkMailedTo(r.email, since);
    expect(mail.subject).toMatch(/set a new password/);
    expect((await t.call('GET', 'user', { token: session.token })).statusCode).toBe(401);
    // The old password still signs in, but only to change it.
    const forced = await t.login(r.email, NEW_PASSWORD);
    expect(forced.reset).toBe(1);
    const done = await t.call('POST', 'passwordreset', { body: { email: r.email, guid, pwd: 'Another!pass77' } });
    expect(done.json().ok).toBe(1);
    expect((await t.login(r.email, 'Another!pass77')).reset).toBe(0);
    const [line] = await auditLines('user.resetpassword', id);
    expect(line).toMatchObject({ actor_user_id: adminLeeds.userid, after: { mustchange: true } });
    expect(JSON.stringify(line)).not.toContain(guid);
  });

  it('refuses operators (Not Admin, recorded), strangers (401), other sites (404) and bad bodies (400); { email } stays public', async () => {
    const target = await userId('ops.leeds@aire-valley.example');
    const ops = await t.login('dispatch@aire-valley.example');
    const byOps = await t.call('POST', 'resetpassword', { token: ops.token, body: { uid: target } });
    expect(byOps.statusCode).toBe(403);
    expect(byOps.json().message).toBe('Not Admin');
    const refusal = await t.database.pool.query(`SELECT 1 FROM audit_log WHERE kind = 'refusal' AND actor_user_id = $1`, [ops.userid]);
    expect(refusal.rowCount).toBe(1);
    expect((await t.call('POST', 'resetpassword', { body: { uid: target } })).statusCode).toBe(401);
    const other = await t.call('POST', 'resetpassword', { token: adminLeeds.token, body: { uid: await userId('ops.bradford@aire-valley.example') } });
    expect(other.statusCode).toBe(404);
    expect((await t.call('POST', 'resetpassword', { token: adminLeeds.token, body: { uid: target, email: 'a@b.example' } })).statusCode).toBe(400);
    expect((await t.call('POST', 'resetpassword', { body: {} })).statusCode).toBe(400);
    const pub = await t.call('POST', 'resetpassword', { body: { email: 'nobody@nowhere.example' } });
    expect(pub.json()).toMatchObject({ ok: 1 });
    const mustChange = await t.database.pool.query('SELECT must_change_password FROM users WHERE id = $1', [target]);
    expect(mustChange.rows[0].must_change_password).toBe(false);
  });
});

describe('sessions of a user', () => {
  it('lists them without tokens and ends one, audited; another site\'s session reads as missing', async () => {
    const r = rec({ name: 'Session Person' });
    const id = (await add(adminLeeds.token, r)).json().id as number;
    await t.database.pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(NEW_PASSWORD), id]);
    const a = await t.login(r.email, NEW_PASSWORD);
    const b = await t.login(r.email, NEW_PASSWORD);
    const list = await t.call('GET', `usersessions?uid=${id}`, { token: adminLeeds.token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.user.lastsignin).toMatch(/^\d{4}-/);
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions.every((s: { live: boolean; current: boolean }) => s.live && !s.current)).toBe(true);
    expect(JSON.stringify(body)).not.toContain(a.token);
    expect(JSON.stringify(body)).not.toMatch(/token|hash/i);
    const newest = body.sessions[0].id as number;
    const revoked = await t.call('POST', 'revokesession', { token: adminLeeds.token, body: { id: newest } });
    expect(revoked.json()).toMatchObject({ ok: 1 });
    expect((await t.call('GET', 'user', { token: b.token })).statusCode).toBe(401);
    expect((await t.call('GET', 'user', { token: a.token })).statusCode).toBe(200);
    const after = (await t.call('GET', `usersessions?uid=${id}`, { token: adminLeeds.token })).json();
    expect(after.sessions[0]).toMatchObject({ live: false, revokedreason: 'revoked by an administrator' });
    expect(await auditLines('user.session.revoke', id)).toHaveLength(1);
    // My own session is marked current.
    const mine = (await t.call('GET', `usersessions?uid=${adminLeeds.userid}`, { token: adminLeeds.token })).json();
    expect(mine.sessions.some((s: { current: boolean }) => s.current)).toBe(true);
    // Bradford's users and sessions are not the Leeds administrator's.
    const bradfordOps = await t.login('ops.bradford@aire-valley.example');
    const theirs = (await t.database.pool.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [bradfordOps.userid])).rows[0]!.id;
    expect((await t.call('POST', 'revokesession', { token: adminLeeds.token, body: { id: Number(theirs) } })).statusCode).toBe(404);
    expect((await t.call('GET', `usersessions?uid=${bradfordOps.userid}`, { token: adminLeeds.token })).statusCode).toBe(404);
    expect((await t.call('GET', 'user', { token: bradfordOps.token })).statusCode).toBe(200);
    const ops = await t.login('ops.leeds@aire-valley.example');
    expect((await t.call('POST', 'revokesession', { token: ops.token, body: { id: newest } })).json().message).toBe('Not Admin');
    expect((await t.call('POST', 'revokesession', { token: adminLeeds.token, body: { id: 'x' } })).statusCode).toBe(400);
  });
});
