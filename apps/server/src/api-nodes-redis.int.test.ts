// Issue 17: the api nodes' cache invalidation through the Redis bus, as two processes would run it
// (each node its own bus and reader; docs/scaling.md, "api nodes and their caches"). Redis is the
// machine's, under a key prefix of this file's own, deleted afterwards.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondNode, type TestApp } from '../test/harness.ts';
import { type Bus, createBus } from './bus/index.ts';
import { SESSION_CACHE_MS } from './modules/auth/session.repository.ts';
import { PLACES_CACHE_MS } from './modules/poi/poi.repository.ts';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:nodes:${randomBytes(6).toString('hex')}:`;
const log = pino({ level: 'silent' });
let busA: Bus;
let busB: Bus;
let a: TestApp;
let b: Awaited<ReturnType<typeof secondNode>>;

beforeAll(async () => {
  busA = createBus({ url: REDIS, log, keyPrefix: prefix, blockMs: 1000 });
  busB = createBus({ url: REDIS, log, keyPrefix: prefix, blockMs: 1000 });
  a = await createTestApp({ bus: busA });
  b = await secondNode(a, { bus: busB });
  // As main.ts does before serving: every subscription has its starting point.
  await Promise.all([busA.ready(), busB.ready()]);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await busB?.close();
  await busA?.close();
  const admin = new Redis(REDIS);
  try {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
  } finally {
    await admin.quit();
  }
});

/** Polls until `done` or `ms` have passed; true when it came in time. */
async function within(ms: number, done: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await done()) return true;
    await sleep(10);
  }
  return done();
}

describe('two api nodes on the Redis bus', () => {
  it('refuses a token on node B well within the cache time after its sign-out on node A', async () => {
    const user = await a.login('ops.leeds@aire-valley.example');
    expect((await b.call('GET', 'user', { token: user.token })).statusCode).toBe(200); // cached on B
    expect((await a.call('POST', 'logout', { token: user.token, body: {} })).json().ok).toBe(1);
    const refused = await within(SESSION_CACHE_MS / 2, async () => (await b.call('GET', 'user', { token: user.token })).statusCode === 401);
    expect(refused).toBe(true);
  });

  it('shows a place saved on node A on node B well within the cache time', async () => {
    const ops = await a.login('ops.leeds@aire-valley.example');
    const names = async () => ((await b.call('GET', `poi?siteid=${ops.siteid}`, { token: ops.token })).json().poi as { name: string }[]).map((p) => p.name);
    expect(await names()).not.toContain('Redis yard'); // cached on B
    const saved = await a.call('POST', 'savepoi', { token: ops.token, body: { name: 'Redis yard', mode: 1, gp: '53.9,-1.2', radius: 100 } });
    expect(saved.json().ok).toBe(1);
    expect(await within(PLACES_CACHE_MS / 5, async () => (await names()).includes('Redis yard'))).toBe(true);
  });
});
