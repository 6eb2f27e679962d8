// Issue 17 (docs/scaling.md, "api nodes and their caches"): two api nodes on one database and one
// bus, as a load balancer puts them. A change made through node A is seen through node B at once,
// not after B's cache of it runs out; and a limit counted on A counts on B too.
import type { SessionUser } from '@fleet/shared';
import { spawn } from 'node:child_process';
import os from 'node:os';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, secondNode, type TestApp } from '../test/harness.ts';
import { type Bus, memoryBus } from './bus/index.ts';
import { postgresAttempts, postgresRateLimitStore } from './modules/auth/index.ts';
import { hashPassword } from './lib/passwords.ts';

let bus: Bus;
let a: TestApp;
let b: Awaited<ReturnType<typeof secondNode>>;
const SUPER = { email: 'super.nodes@example.com', password: 'Super!2026nodes' };

beforeAll(async () => {
  bus = memoryBus(pino({ level: 'silent' }));
  a = await createTestApp({ bus });
  b = await secondNode(a, { bus });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await bus?.close();
});

const whoAmIOn = (node: 'a' | 'b', token: string) => (node === 'a' ? a.call : b.call)('GET', 'user', { token });

describe('session lookups across api nodes', () => {
  it('refuses a token on node B at once after its sign-out on node A', async () => {
    const user = await a.login('ops.leeds@aire-valley.example');
    expect((await whoAmIOn('b', user.token)).statusCode).toBe(200); // B has the lookup cached now
    expect((await a.call('POST', 'logout', { token: user.token, body: {} })).json().ok).toBe(1);
    expect((await whoAmIOn('b', user.token)).statusCode).toBe(401);
  });

  it("refuses a user's sessions on node B at once after a password change on node A", async () => {
    const email = 'ops@northway.example';
    const first = await a.login(email);
    expect((await whoAmIOn('b', first.token)).statusCode).toBe(200);
    const changed = await a.call('POST', 'changepassword', { token: first.token, body: { pwd: 'Another-pass-2026!' } });
    expect(changed.json().ok).toBe(1);
    expect((await whoAmIOn('b', first.token)).statusCode).toBe(401);
    expect((await whoAmIOn('b', changed.json().user.token)).statusCode).toBe(200);
  });

  it('holds a user to an edit of their account made on node A at once on node B', async () => {
    const admin = await a.login('admin.leeds@aire-valley.example');
    const email = `nodes.${Date.now()}@aire-valley.example`;
    const rec = { name: 'Two Nodes', email, usertype: 2, sites: [admin.siteid], tracksec: false, disabled: false, mustchange: false };
    const added = await a.call('POST', 'updateconfigrecord', { token: admin.token, body: { mode: 'add', list: 'users', id: 0, rec } });
    expect(added.json()).toMatchObject({ ok: 1 });
    // The account's first password is set from its welcome mail; here, directly.
    await a.database.pool.query('UPDATE users SET password_hash = $2 WHERE lower(email) = lower($1)', [email, await hashPassword(DEMO_PASSWORD)]);
    const user = await a.login(email);
    expect((await whoAmIOn('b', user.token)).statusCode).toBe(200);
    const edited = await a.call('POST', 'updateconfigrecord', { token: admin.token, body: { mode: 'edit', list: 'users', id: user.userid, rec: { ...rec, mustchange: true } } });
    expect(edited.json()).toMatchObject({ ok: 1 });
    // The account must now change its password before anything else: node B knows it at once.
    const after = await b.call('GET', 'vehicles?siteid=' + user.siteid, { token: user.token });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toMatch(/change your password/);
  });
});

describe('places and unit systems across api nodes', () => {
  let ops: SessionUser;
  let unitId: number;
  const AT = { lat: 53.95, lon: -1.3 };
  beforeAll(async () => {
    ops = await a.login('ops.leeds@aire-valley.example');
    unitId = (await a.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0].id;
    await a.database.pool.query(`INSERT INTO unit_state (unit_id, position_id, device_time, status_time, lat, lon, speed, angle, satellites)
      VALUES ($1, 1, now(), now(), $2, $3, 0, 0, 9) ON CONFLICT (unit_id) DO UPDATE SET lat = $2, lon = $3`, [unitId, AT.lat, AT.lon]);
  });
  const namesOnB = async () => ((await b.call('GET', `poi?siteid=${ops.siteid}`, { token: ops.token })).json().poi as { name: string }[]).map((p) => p.name);
  const locOnB = async () => ((await b.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles as { unitid: number; loc: string }[])
    .find((v) => v.unitid === unitId)?.loc;

  it('shows a place saved and deleted on node A at once on node B, in poi and in the location text', async () => {
    expect(await namesOnB()).not.toContain('Two node yard');
    const before = await locOnB(); // B has the site's places cached now
    expect(before).not.toMatch(/^At /);
    const saved = await a.call('POST', 'savepoi', { token: ops.token, body: { name: 'Two node yard', mode: 1, gp: `${AT.lat},${AT.lon}`, radius: 200 } });
    expect(saved.json().ok).toBe(1);
    expect(await namesOnB()).toContain('Two node yard');
    expect(await locOnB()).toBe('At Two node yard');
    expect((await a.call('POST', 'deletegeofence', { token: ops.token, body: { id: saved.json().id } })).json().ok).toBe(1);
    expect(await namesOnB()).not.toContain('Two node yard');
    expect(await locOnB()).toBe(before);
  });

  it("shows a site's unit system set on node A at once on node B", async () => {
    const admin = await a.login('admin.leeds@aire-valley.example');
    expect(admin.siteid).toBe(ops.siteid);
    expect(await locOnB()).toMatch(/ mi from /); // B has the site's unit system cached now
    expect((await a.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'metric' } })).json().ok).toBe(1);
    try {
      expect(await locOnB()).toMatch(/ km from /);
    } finally {
      await a.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'imperial' } });
    }
    expect(await locOnB()).toMatch(/ mi from /);
  });
});

describe('brands across api nodes', () => {
  it("serves a brand's map set on node A at once on node B", async () => {
    const exists = await a.database.pool.query('SELECT 1 FROM users WHERE email = $1', [SUPER.email]);
    if (!exists.rowCount) {
      await a.database.pool.query('INSERT INTO users (email, name, usertype, password_hash) VALUES ($1, $2, 0, $3)', [SUPER.email, 'Super Nodes', await hashPassword(SUPER.password)]);
    }
    const admin = await a.login(SUPER.email, SUPER.password);
    const host = await a.hostOfUser(SUPER.email);
    const brandOnB = async () => (await b.call('GET', 'brand', { headers: { host } })).json().brand;
    const before = await brandOnB(); // B has the brands cached now
    const { rows: [row] } = await a.database.pool.query<{ key: string }>('SELECT key FROM brands WHERE $1 = ANY(hosts) OR is_default ORDER BY ($1 = ANY(hosts)) DESC LIMIT 1', [host]);
    const style = `https://tiles.example.com/two-nodes-${Date.now()}.json`;
    const set = await a.call('POST', 'setbrandmap', { token: admin.token, body: { brand: row!.key, style, satellite: '', hosts: [] } });
    expect(set.json()).toMatchObject({ ok: 1 });
    const after = await brandOnB();
    expect(JSON.stringify(after.map)).toContain(style);
    expect(JSON.stringify(before.map)).not.toContain(style);
  });
});

describe('sign-in limits across api nodes', () => {
  it('makes node B wait after failures counted on node A (the backoff is the installation\'s, not each node\'s)', async () => {
    const email = 'admin.leeds@aire-valley.example';
    const host = await a.hostOfUser(email);
    const login = (on: typeof a.call, pass: string) => on('POST', 'login', { body: { versionstring: 'DEV:231', user: email, pass, product: 'fleet' }, headers: { host } });
    // failuresPerAccount is 5 (harness): the 5th failure, wherever it is counted, makes the account wait a second.
    for (let i = 0; i < 3; i++) expect((await login(a.call, 'wrong-password')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(b.call, 'wrong-password')).statusCode).toBe(401);
    const onB = await login(b.call, DEMO_PASSWORD);
    expect(onB.statusCode).toBe(429);
    expect(onB.json().message).toMatch(/Too many failed sign-ins/);
    expect((await login(a.call, DEMO_PASSWORD)).statusCode).toBe(429);
    await a.database.pool.query("DELETE FROM attempt_counts WHERE scope = 'sign-in-account'");
    expect((await login(b.call, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts reset mails per account once for every store on the database', async () => {
    const [one, two] = [postgresAttempts(a.database.pool), postgresAttempts(a.database.pool)];
    const [w1, w2] = [one.window('test-window', 3, 60_000), two.window('test-window', 3, 60_000)];
    const key = `k${Date.now()}`;
    await w1.record(key);
    await w2.record(key);
    expect(await w1.retryAfter(key)).toBe(0);
    await w2.record(key);
    expect(await w1.retryAfter(key)).toBeGreaterThan(0);
    expect(await w2.retryAfter(key)).toBeGreaterThan(0);
  });

  it('limits calls per address across two servers on the same database', async () => {
    const build = async () => {
      const app = Fastify();
      await app.register(rateLimit, { global: false, store: postgresRateLimitStore(a.database.pool) });
      app.post('/signin', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: 1 }));
      return app;
    };
    const [one, two] = [await build(), await build()];
    try {
      const codes = [];
      for (const app of [one, two, one, two]) codes.push((await app.inject({ method: 'POST', url: '/signin', remoteAddress: '203.0.113.7' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      // Another address has its own count.
      expect((await one.inject({ method: 'POST', url: '/signin', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('background runners across api nodes', () => {
  it("a node's start fails only the data requests of gone runners, never another live node's", async () => {
    const ops = await a.login('ops.leeds@aire-valley.example');
    const ended = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid as number));
    });
    const insert = async (runner: string) => (await a.database.pool.query<{ id: number }>(
      `INSERT INTO data_requests (site_id, user_id, user_name, from_day, to_day, runner) VALUES ($1, $2, 'Ops', '2026-01-01', '2026-01-02', $3) RETURNING id::int`,
      [ops.siteid, ops.userid, runner])).rows[0]!.id;
    const ofNodeA = await insert(a.app.dataRequests.runnerName);
    const ofGoneProcess = await insert(`${os.hostname()}:${ended}:gone`);
    const status = async (id: number) => (await a.database.pool.query('SELECT status FROM data_requests WHERE id = $1', [id])).rows[0]?.status;
    const c = await secondNode(a, { bus });
    try {
      await c.app.ready();
      expect(await status(ofNodeA)).toBe('queued');
      expect(await status(ofGoneProcess)).toBe('failed');
    } finally {
      await c.close();
      await a.database.pool.query('DELETE FROM data_requests WHERE id = ANY($1::int[])', [[ofNodeA, ofGoneProcess]]);
    }
  });
});
