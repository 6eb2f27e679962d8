// The session lookup is cached for SESSION_CACHE_MS (docs/decisions.md): every way of ending a
// session in this process must still be refused at once, and a change made elsewhere within the bound.
import { schema } from '@fleet/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { SESSION_CACHE_MS, sessionRepository } from './session.repository.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const whoAmI = (token: string) => t.call('GET', 'user', { token });

describe('cached session lookups end with the session', () => {
  it('refuses a token at once after its sign-out', async () => {
    const user = await t.login('ops.leeds@aire-valley.example');
    expect((await whoAmI(user.token)).statusCode).toBe(200); // the lookup is now cached
    expect((await t.call('POST', 'logout', { token: user.token, body: {} })).json().ok).toBe(1);
    expect((await whoAmI(user.token)).statusCode).toBe(401);
  });

  it("refuses a user's other sessions at once after a password change", async () => {
    const email = 'ops@northway.example';
    const first = await t.login(email);
    const second = await t.login(email);
    expect((await whoAmI(first.token)).statusCode).toBe(200);
    const changed = await t.call('POST', 'changepassword', { token: second.token, body: { pwd: 'Another-pass-2026!' } });
    expect(changed.json().ok).toBe(1);
    expect((await whoAmI(first.token)).statusCode).toBe(401);
    expect((await whoAmI(second.token)).statusCode).toBe(401);
    expect((await whoAmI(changed.json().user.token)).statusCode).toBe(200);
  });

  it('refuses the old token at once after a switch of site (pick)', async () => {
    const user = await t.login('ops.leeds@aire-valley.example');
    expect((await whoAmI(user.token)).statusCode).toBe(200);
    const picked = await t.call('GET', `pick?companyid=${user.customerid}&cid=${user.siteid}`, { token: user.token });
    expect(picked.json().ok).toBe(1);
    expect((await whoAmI(user.token)).statusCode).toBe(401);
    expect((await whoAmI(picked.json().user.token)).statusCode).toBe(200);
  });
});

describe('session repository cache', () => {
  it('sees a revocation made outside this process within SESSION_CACHE_MS, and one made through it at once', async () => {
    let clock = Date.now();
    const repo = sessionRepository(t.database.db, () => clock);
    const user = await t.login('ops.leeds@aire-valley.example');
    const hash = hashSecret(user.token);
    const found = await repo.findByTokenHash(hash);
    expect(found?.session.revokedAt).toBeNull();
    expect(found?.siteIds).toEqual(await repo.accessibleSiteIds(found!.user, found!.session.brandId));

    await t.database.db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.tokenHash, hash));
    expect((await repo.findByTokenHash(hash))?.session.revokedAt).toBeNull(); // still the cached lookup
    clock += SESSION_CACHE_MS;
    expect((await repo.findByTokenHash(hash))?.session.revokedAt).toBeInstanceOf(Date);

    const other = await t.login('ops.leeds@aire-valley.example');
    const otherHash = hashSecret(other.token);
    const live = await repo.findByTokenHash(otherHash);
    await repo.revoke(live!.session.id, 'test');
    expect((await repo.findByTokenHash(otherHash))?.session.revokedAt).toBeInstanceOf(Date);
  });

  it('keeps the time of the last touch in the cached lookup', async () => {
    const repo = sessionRepository(t.database.db);
    const user = await t.login('ops.leeds@aire-valley.example');
    const hash = hashSecret(user.token);
    const before = (await repo.findByTokenHash(hash))!.session;
    await new Promise((r) => setTimeout(r, 5)); // the clock moves on, so the touch is later
    await repo.touch(before.id);
    const after = (await repo.findByTokenHash(hash))!.session;
    const stored = await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.id, before.id));
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(before.lastSeenAt.getTime());
    expect(after.lastSeenAt.getTime()).toBe(stored[0]!.lastSeenAt.getTime());
  });

  it('does not keep a lookup that was under way when the session was revoked', async () => {
    const repo = sessionRepository(t.database.db);
    const user = await t.login('ops.leeds@aire-valley.example');
    const hash = hashSecret(user.token);
    const id = (await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.tokenHash, hash)))[0]!.id;
    const underWay = repo.findByTokenHash(hash); // sent before the revocation
    await repo.revoke(id, 'test');
    await underWay;
    expect((await repo.findByTokenHash(hash))?.session.revokedAt).toBeInstanceOf(Date);
  });
});

describe('session repository cache size', () => {
  it('holds a bounded number of lookups, dropping the least recently used (no sweep over the whole cache)', async () => {
    const clock = Date.now();
    const repo = sessionRepository(t.database.db, () => clock, 50);
    const userId = (await t.database.pool.query(`SELECT id FROM users WHERE lower(email) = 'ops.leeds@aire-valley.example'`)).rows[0].id;
    const n = 55;
    await t.database.pool.query(`INSERT INTO sessions (token_hash, user_id, instance_uuid, route_uuid, expires_at, user_agent, brand_id)
      SELECT 'bound-' || g, $1, gen_random_uuid(), gen_random_uuid(), now() + interval '1 day', '',
        (SELECT id FROM brands ORDER BY id LIMIT 1) FROM generate_series(1, $2::int) g`, [userId, n]);
    for (let i = 1; i <= n; i++) await repo.findByTokenHash(`bound-${i}`);
    expect(repo.cachedLookups()).toBe(50);
    // The newest are kept (answered from the cache, not the database); the oldest went.
    await t.database.pool.query(`DELETE FROM sessions WHERE token_hash IN ('bound-55', 'bound-1')`);
    expect(await repo.findByTokenHash('bound-55')).toBeDefined();
    expect(await repo.findByTokenHash('bound-1')).toBeUndefined();
  });
});
