import type { AuditLine, SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';

// The audit log viewer (issue 15, item 7): changes made through the administration calls and
// permission refusals, read back filtered and paged, exported as CSV, and kept append-only by the database.

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let tenantAdmin: SessionUser;
let superUser: SessionUser;
let otherSuper: SessionUser;
const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const lines = async (token: string, qs = '') => {
  const res = await t.call('GET', `auditlog${qs ? `?${qs}` : ''}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return json(res) as { lines: AuditLine[]; total: number; offset: number; limit: number };
};
let templateId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  tenantAdmin = await t.login('admin@northway.example');
  const wakefield = (await t.database.pool.query<{ id: number; customer_id: number }>("SELECT id, customer_id FROM sites WHERE name = 'Wakefield Works'")).rows[0]!;
  // Super administrators: one of the Leeds brand, one of the other brand (its customer's), who reads that brand's lines only.
  for (const [email, customer] of [['audit.super@fleet.test', null], ['audit.super2@fleet.test', wakefield.customer_id]] as const) {
    await t.database.pool.query('INSERT INTO users (email, name, usertype, password_hash, customer_id) VALUES ($1, $2, 0, $3, $4)',
      [email, `Super ${email.slice(0, 12)}`, await hashPassword('Super!pass123'), customer]);
  }
  const leeds = (await t.database.pool.query<{ customer_id: number }>('SELECT customer_id FROM sites WHERE id = $1', [admin.siteid])).rows[0]!;
  const first = await t.login('audit.super@fleet.test', 'Super!pass123');
  superUser = json(await t.call('GET', `pick?companyid=${leeds.customer_id}&cid=${admin.siteid}`, { token: first.token })).user;
  const second = await t.login('audit.super2@fleet.test', 'Super!pass123');
  otherSuper = json(await t.call('GET', `pick?companyid=${wakefield.customer_id}&cid=${wakefield.id}`, { token: second.token })).user;
  expect(otherSuper?.token).toBeTruthy();

  // Changes: an add and an edit by the Leeds administrator; one by the Northway administrator.
  const add = await t.call('POST', 'updateconfigrecord', { token: admin.token, body: { mode: 'add', list: 'vcls', id: 0, rec: { name: 'Audit walk-round', unittype: null, items: [{ item: 'Tyres' }] } } });
  templateId = json(add).id as number;
  await t.call('POST', 'updateconfigrecord', { token: admin.token, body: { mode: 'edit', list: 'vcls', id: templateId, rec: { name: 'Audit walk-round v2', unittype: null, items: [{ item: 'Tyres' }, { item: 'Horn' }] } } });
  await t.call('POST', 'updateconfigrecord', { token: tenantAdmin.token, body: { mode: 'add', list: 'vcls', id: 0, rec: { name: 'Northway secret check', unittype: null, items: [{ item: 'Tyres' }] } } });
  // A refusal: the Leeds operator tries to change a check list.
  const refused = await t.call('POST', 'updateconfigrecord', { token: ops.token, body: { mode: 'edit', list: 'vcls', id: templateId, rec: { name: 'Hacked', unittype: null, items: [{ item: 'Tyres' }] } } });
  expect(refused.statusCode).toBe(403);
});
afterAll(async () => t?.close());

describe('auditlog', () => {
  it("lists a site administrator's sites' changes, newest first, with who, what, before and after", async () => {
    const page = await lines(admin.token, 'action=config.vcls');
    const mine = page.lines.filter((l) => l.targetId === String(templateId));
    expect(mine.map((l) => l.action)).toEqual(['config.vcls.edit', 'config.vcls.add']);
    expect(mine[0]).toMatchObject({
      kind: 'change', actor: expect.any(String), actorId: admin.userid, targetKind: 'check list template', targetName: 'Audit walk-round v2',
      siteId: admin.siteid, siteName: 'Leeds Depot',
    });
    expect(mine[0]?.before).toMatchObject({ name: 'Audit walk-round', items: [{ item: 'Tyres' }] });
    expect(mine[0]?.after).toMatchObject({ name: 'Audit walk-round v2', items: [{ item: 'Tyres' }, { item: 'Horn' }] });
    expect(page.lines.map((l) => l.id)).toEqual([...page.lines.map((l) => l.id)].sort((a, b) => b - a));
    // Another customer's lines are not theirs.
    expect(page.lines.some((l) => l.targetName === 'Northway secret check')).toBe(false);
    expect((await lines(tenantAdmin.token, 'q=northway secret')).total).toBe(1);
    expect((await lines(tenantAdmin.token, 'q=audit walk-round')).total).toBe(0);
  });

  it('holds the refusals of the site, filtered by kind', async () => {
    const refusals = await lines(admin.token, 'kind=refusal');
    expect(refusals.lines.length).toBeGreaterThan(0);
    expect(refusals.lines.every((l) => l.kind === 'refusal')).toBe(true);
    const opsLine = refusals.lines.find((l) => l.actorId === ops.userid && l.targetKind.includes('updateconfigrecord'));
    expect(opsLine?.detail).toBe('Not Admin');
  });

  it('filters by actor, action prefix, target kind, words and dates, and pages with the total', async () => {
    const all = await lines(admin.token, 'kind=change');
    expect(all.total).toBeGreaterThanOrEqual(2);
    const byActor = await lines(admin.token, `actor=${encodeURIComponent(all.lines[0]!.actor.slice(0, 4).toLowerCase())}`);
    expect(byActor.lines.every((l) => l.actor.toLowerCase().includes(all.lines[0]!.actor.slice(0, 4).toLowerCase()))).toBe(true);
    expect((await lines(admin.token, 'action=config.vcls.edit')).lines.every((l) => l.action === 'config.vcls.edit')).toBe(true);
    expect((await lines(admin.token, 'action=vcls')).total).toBe(0); // a prefix, not a word anywhere
    expect((await lines(admin.token, 'target=template')).lines.every((l) => l.targetKind === 'check list template')).toBe(true);
    expect((await lines(admin.token, 'q=horn')).total).toBe(0); // words are in names and details, not in before/after
    expect((await lines(admin.token, 'q=walk-round v2')).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await lines(admin.token, `from=${today}&to=${today}&kind=change`)).total).toBe(all.total);
    expect((await lines(admin.token, 'to=2000-01-01')).total).toBe(0);
    expect((await lines(admin.token, 'from=2200-01-01')).total).toBe(0);
    const p1 = await lines(admin.token, 'limit=1');
    const p2 = await lines(admin.token, 'limit=1&offset=1');
    expect(p1.lines).toHaveLength(1);
    expect(p2.lines[0]!.id).toBeLessThan(p1.lines[0]!.id);
    expect(p1.total).toBe(p2.total);
    // The like patterns' wildcards are the user's text, not SQL's.
    expect((await lines(admin.token, 'q=%25')).total).toBe(0);
  });

  it("gives a super administrator their brand's lines only", async () => {
    const mine = await lines(superUser.token, 'action=config.vcls');
    expect(mine.lines.some((l) => l.targetName === 'Audit walk-round v2')).toBe(true);
    const theirs = await lines(otherSuper.token, 'action=config.vcls');
    expect(theirs.lines.some((l) => l.targetName === 'Audit walk-round v2')).toBe(false);
  });

  it('refuses bad filters (400) and callers who are not administrators (403, itself recorded)', async () => {
    for (const qs of ['from=2026-02-30', 'kind=other', 'limit=0', 'limit=201', 'offset=-1', 'nonsense=1']) {
      const res = await t.call('GET', `auditlog?${qs}`, { token: admin.token });
      expect(res.statusCode, qs).toBe(400);
    }
    const res = await t.call('GET', 'auditlog', { token: ops.token });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Not Admin');
    expect((await t.call('GET', 'auditlog')).statusCode).toBe(401);
    expect((await t.call('GET', 'auditlogexport', { token: ops.token })).statusCode).toBe(403);
    const seen = await lines(admin.token, 'kind=refusal&target=auditlog');
    expect(seen.lines.some((l) => l.actorId === ops.userid)).toBe(true);
  });
});

describe('auditlogexport', () => {
  it('exports the filtered lines as CSV, newest first, with the formula guard', async () => {
    await t.call('POST', 'updateconfigrecord', { token: admin.token, body: { mode: 'edit', list: 'vcls', id: templateId, rec: { name: '=cmd|calc', unittype: null, items: [{ item: 'Tyres' }] } } });
    const res = await t.call('GET', 'auditlogexport?action=config.vcls', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('When (UTC),Kind,Actor,Action,Target kind,Target id,Target,Site,Detail,Address,Before,After');
    expect(rows[1]).toContain(",config.vcls.edit,check list template,");
    expect(rows[1]).toContain(",'=cmd|calc,Leeds Depot,");
    expect(rows).toHaveLength(1 + (await lines(admin.token, 'action=config.vcls')).total);
    expect(res.body).not.toContain('Northway secret check');
  });
});

describe('the audit log is append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of its lines', async () => {
    const pool = t.database.pool;
    const id = (await pool.query<{ id: string }>('SELECT id FROM audit_log ORDER BY id DESC LIMIT 1')).rows[0]!.id;
    await expect(pool.query("UPDATE audit_log SET detail = 'rewritten' WHERE id = $1", [id])).rejects.toThrow();
    await expect(pool.query('DELETE FROM audit_log WHERE id = $1', [id])).rejects.toThrow();
    await expect(pool.query('TRUNCATE audit_log')).rejects.toThrow();
    expect((await pool.query('SELECT detail FROM audit_log WHERE id = $1', [id])).rows[0].detail).not.toBe('rewritten');
  });
});
