import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Bus, type BusLog, createBus, defineTopic, type Topic, topics } from './index.ts';

// One contract, both buses. The Redis one runs on the machine's Redis under a prefix of this file's
// own (the two CI integration suites share that Redis), deleted afterwards.
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:bus:${randomBytes(6).toString('hex')}:`;
const admin = new Redis(REDIS, { lazyConnect: true });
const opened: Bus[] = [];

afterAll(async () => {
  await Promise.all(opened.map((b) => b.close()));
  if (admin.status !== 'wait') {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  }
});

const seq = defineTopic('test-seq', z.object({ n: z.number().int() }));

function keptLog(): BusLog & { lines: Array<{ msg: string; obj: object }> } {
  const lines: Array<{ msg: string; obj: object }> = [];
  return { lines, warn: (obj, msg) => void lines.push({ obj, msg }) };
}

function collect<T>(bus: Bus, topic: Topic<T>) {
  const got: T[] = [];
  const stop = bus.subscribe(topic, (p) => void got.push(p));
  return { got, stop };
}

async function until(done: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`Not within ${ms} ms: ${what}`);
    await sleep(5);
  }
}

/** A node's bus: the in-process one is a single bus (one process); Redis, a bus per node, each with its own reader. */
const kinds = [
  { kind: 'memory', node: (log: BusLog) => createBus({ log }), separateNodes: false },
  { kind: 'redis', node: (log: BusLog) => createBus({ url: REDIS, log, keyPrefix: prefix, blockMs: 2000 }), separateNodes: true },
] as const;

describe.each(kinds)('the $kind bus', ({ kind, node, separateNodes }) => {
  const log = keptLog();
  let a: Bus;
  let b: Bus;
  const open = () => {
    const bus = node(log);
    opened.push(bus);
    return bus;
  };
  it('is the kind its url asks for', () => {
    a = open();
    b = separateNodes ? open() : a;
    expect(a.kind).toBe(kind);
  });

  it('gives a subscriber what is published after it subscribed, in order', async () => {
    await b.publish(seq, { n: -1 });
    const s = collect(a, seq);
    await a.ready();
    for (let n = 0; n < 50; n++) void b.publish(seq, { n });
    await until(() => s.got.length >= 50, '50 messages');
    await sleep(50);
    expect(s.got.map((m) => m.n)).toEqual([...Array(50).keys()]);
    s.stop();
  });

  it('gives a subscriber what its own node publishes right after subscribing, without awaiting ready()', async () => {
    const s = collect(a, seq);
    await a.publish(seq, { n: 1 });
    await until(() => s.got.length === 1, 'the message published right after subscribing');
    expect(s.got).toEqual([{ n: 1 }]);
    s.stop();
  });

  it('carries the built-in topics', async () => {
    const s = collect(a, topics.siteMessages);
    const ended = collect(a, topics.sessionsEnded);
    await a.ready();
    await b.publish(topics.siteMessages, { siteId: 4, message: 'Gritters out from 04:00' });
    await b.publish(topics.sessionsEnded, { ids: [7, 9], reason: 'revoked' });
    await until(() => s.got.length === 1 && ended.got.length === 1, 'a site message and a session end');
    expect(s.got[0]).toEqual({ siteId: 4, message: 'Gritters out from 04:00' });
    expect(ended.got[0]).toEqual({ ids: [7, 9], reason: 'revoked' });
    s.stop();
    ended.stop();
  });

  it('gives every subscriber on every node each message', async () => {
    const onA = collect(a, seq);
    const onB = collect(b, seq);
    const twice = collect(a, seq);
    await Promise.all([a.ready(), b.ready()]);
    await a.publish(seq, { n: 1 });
    await b.publish(seq, { n: 2 });
    await until(() => onA.got.length === 2 && onB.got.length === 2 && twice.got.length === 2, 'both messages on both nodes');
    for (const s of [onA, onB, twice]) {
      expect(s.got).toEqual([{ n: 1 }, { n: 2 }]);
      s.stop();
    }
  });

  it('stops delivering to a subscriber that unsubscribed', async () => {
    const gone = collect(a, seq);
    const stays = collect(a, seq);
    await a.ready();
    gone.stop();
    gone.stop();
    await b.publish(seq, { n: 1 });
    await until(() => stays.got.length === 1, 'the staying subscriber\'s message');
    await sleep(50);
    expect(gone.got).toEqual([]);
    stays.stop();
    // The topic had no subscriber left: a new one starts from now, not from where the last one stopped.
    await b.publish(seq, { n: 2 });
    const again = collect(a, seq);
    await a.ready();
    await b.publish(seq, { n: 3 });
    await until(() => again.got.length >= 1, 'the new subscriber\'s message');
    await sleep(50);
    expect(again.got).toEqual([{ n: 3 }]);
    again.stop();
  });

  it('goes on after a handler throws, and logs it', async () => {
    const before = log.lines.length;
    const broken = a.subscribe(seq, () => {
      throw new Error('handler broke');
    });
    const s = collect(a, seq);
    await a.ready();
    await b.publish(seq, { n: 1 });
    await b.publish(seq, { n: 2 });
    await until(() => s.got.length === 2, 'both messages despite the throwing handler');
    expect(log.lines.slice(before).filter((l) => l.msg === 'bus handler failed')).toHaveLength(2);
    broken();
    s.stop();
  });

  it('closes promptly and refuses to publish afterwards', async () => {
    const c = open();
    collect(c, seq);
    await c.ready();
    await sleep(50);
    const t0 = performance.now();
    await c.close();
    // Shorter than the Redis reader's 2 s block: close interrupts it.
    expect(performance.now() - t0).toBeLessThan(500);
    await expect(c.publish(seq, { n: 1 })).rejects.toThrow('The bus is closed');
    expect(() => c.subscribe(seq, () => undefined)).toThrow('The bus is closed');
  });

  if (kind === 'redis') it('skips a malformed stream entry, logs it, and reads on', async () => {
    await admin.connect().catch(() => undefined);
    const s = collect(a, seq);
    await a.ready();
    const before = log.lines.length;
    const key = `${prefix}test-seq`;
    await admin.xadd(key, '*', 'p', '{not json');
    await admin.xadd(key, '*', 'p', JSON.stringify({ n: 'one' }));
    await admin.xadd(key, '*', 'other', '{}');
    await b.publish(seq, { n: 4 });
    await until(() => s.got.length === 1, 'the good entry after the bad ones');
    expect(s.got).toEqual([{ n: 4 }]);
    expect(log.lines.slice(before).map((l) => l.msg)).toEqual([
      'bus: entry that is not JSON skipped', 'bus: entry of the wrong shape skipped', "bus: entry without its 'p' field skipped",
    ]);
    s.stop();
  });

  if (kind === 'redis') it('after its connection is killed, the reader comes back and gets what was published meanwhile', async () => {
    await admin.connect().catch(() => undefined);
    const s = collect(a, seq);
    await a.ready();
    await b.publish(seq, { n: 0 });
    await until(() => s.got.length === 1, 'the first message');
    const readers = async () => String(await admin.client('LIST')).split('\n').filter((l) => l.includes(` name=${prefix}bus-reader-`)).map((l) => /\bid=(\d+)/.exec(l)?.[1]);
    const before = await readers();
    expect(before.length).toBeGreaterThan(0);
    const lines = log.lines.length;
    // Kill node a's reader (the one that has the subscription); b publishes while it is away.
    for (const id of before) await admin.client('KILL', 'ID', id as string);
    for (let n = 1; n <= 5; n++) await b.publish(seq, { n });
    await until(() => s.got.length === 6, 'the messages published while the reader was away');
    expect(s.got.map((m) => m.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(log.lines.slice(lines).some((l) => l.msg.startsWith('bus: reader lost its connection'))).toBe(true);
    const after = await readers();
    expect(after.some((id) => before.includes(id))).toBe(false);
    s.stop();
  });

  if (kind === 'redis') it('keeps a stream to about its maxLen', async () => {
    await admin.connect().catch(() => undefined);
    const short = defineTopic('test-short', z.number(), { maxLen: 10 });
    await Promise.all([...Array(400).keys()].map((n) => a.publish(short, n)));
    const len = await admin.xlen(`${prefix}test-short`);
    expect(len).toBeGreaterThanOrEqual(10);
    expect(len).toBeLessThan(200);
  });
});
