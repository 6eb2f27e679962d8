import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { type Bus, type BusLog, Handlers } from './bus.ts';
import type { Topic } from './topics.ts';

export interface RedisBusOptions {
  /** redis://[user:password@]host[:port][/db] (rediss:// for TLS). */
  url: string;
  log: BusLog;
  /** Put before every stream's name (default 'fleet:bus:'): one Redis can serve several installations or test runs. */
  keyPrefix?: string;
  /** Entries a topic's stream keeps (XADD MAXLEN ~), unless the topic says otherwise; default 1,000. */
  maxLen?: number;
  /** How long one blocking read waits before it asks again, ms; default 5,000. */
  blockMs?: number;
  /** Entries read per stream at a time; default 200. */
  readCount?: number;
}

/** One topic this node reads: where it has read to (null: its starting point is being looked up). */
interface Cursor {
  topic: Topic<unknown>;
  lastId: string | null;
  /** Resolves once the starting point is known (or the subscription is gone). */
  started: Promise<void>;
}

const FIELD = 'p';

/**
 * The bus on Redis Streams: one stream per topic (`<prefix><topic>`), XADD with MAXLEN ~ so memory
 * stays bounded, and per node one reader on a connection of its own (a blocking XREAD holds its
 * connection) reading all the node's topics from the last id it saw. A subscription starts at the
 * stream's newest entry when it is made, so a message published after it is never missed; after a
 * lost connection the reader connects again and goes on from the last ids, so what was published
 * meanwhile arrives too, as long as the stream still holds it (maxLen).
 */
export function redisBus(opts: RedisBusOptions): Bus {
  const log = opts.log;
  const prefix = opts.keyPrefix ?? 'fleet:bus:';
  const maxLen = opts.maxLen ?? 1000;
  const blockMs = opts.blockMs ?? 5000;
  const readCount = opts.readCount ?? 200;
  const node = randomBytes(4).toString('hex');
  const handlers = new Handlers(log);
  const cursors = new Map<string, Cursor>();
  const key = (name: string) => prefix + name;

  // Publishing, the subscriptions' starting points and waking the reader. Commands given while it is
  // reconnecting wait in ioredis's queue, in order.
  const cmd = new Redis(opts.url, { connectionName: `${prefix}bus-cmd-${node}`, lazyConnect: false });
  let cmdDown = false;
  cmd.on('error', (err: Error) => {
    if (cmdDown) return;
    cmdDown = true;
    log.warn({ err: err.message }, 'bus: Redis connection lost; reconnecting');
  });
  cmd.on('ready', () => {
    cmdDown = false;
  });

  let closed = false;
  let reader: Redis | null = null;
  let readerId: number | null = null;
  /** The read in flight, if any (its number), so a wake-up interrupts that one only. */
  let reading = 0;
  let reads = 0;
  let wakeWaiter: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  /**
   * The reader's connection. It does not reconnect by itself: ioredis would resend the blocked XREAD
   * on a new connection whose id the bus does not know. A lost connection fails the read instead, and
   * the loop makes a new one and reads on from its last ids.
   */
  async function connectReader(): Promise<Redis> {
    const r = new Redis(opts.url, { connectionName: `${prefix}bus-reader-${node}`, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    r.on('error', () => { /* the read that fails reports it */ });
    try {
      await r.connect();
      readerId = Number(await r.client('ID'));
      return r;
    } catch (err) {
      r.disconnect();
      throw err;
    }
  }

  /** Interrupts a blocked read (a topic was added, or the bus closes); the loop reads again with the new set. */
  async function wake(): Promise<void> {
    const w = wakeWaiter;
    wakeWaiter = null;
    w?.();
    const read = reading;
    // The read may not have reached Redis yet (UNBLOCK answers 0): try a few times, then the block's own timeout does it.
    for (let i = 0; read !== 0 && reading === read && readerId !== null && i < 40; i++) {
      const unblocked = await cmd.client('UNBLOCK', readerId).catch(() => 0);
      if (unblocked === 1) return;
      await sleep(5);
    }
  }

  function deliver(name: string, cursor: Cursor, id: string, fields: string[]): void {
    cursor.lastId = id;
    let value: string | undefined;
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === FIELD) value = fields[i + 1];
    if (value === undefined) return log.warn({ topic: name, id }, `bus: entry without its '${FIELD}' field skipped`);
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      return log.warn({ topic: name, id, sample: value.slice(0, 80) }, 'bus: entry that is not JSON skipped');
    }
    const parsed = cursor.topic.schema.safeParse(json);
    if (!parsed.success) {
      return log.warn({ topic: name, id, issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) }, 'bus: entry of the wrong shape skipped');
    }
    handlers.deliver(name, parsed.data);
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!closed) {
      if (![...cursors.values()].some((c) => c.lastId !== null)) {
        await new Promise<void>((resolve) => { wakeWaiter = resolve; });
        continue;
      }
      try {
        reader ??= await connectReader();
        if (closed) break;
        // The set is taken after the last await, so a topic started meanwhile is in this read.
        const active = [...cursors].filter(([, c]) => c.lastId !== null);
        if (active.length === 0) continue;
        const read = ++reads;
        reading = read;
        const answer = await reader.xread('COUNT', readCount, 'BLOCK', blockMs, 'STREAMS', ...active.map(([name]) => key(name)), ...active.map(([, c]) => c.lastId as string));
        reading = 0;
        if (failures > 0) log.warn({ after: failures }, 'bus: reader back');
        failures = 0;
        for (const [streamKey, entries] of answer ?? []) {
          const name = streamKey.slice(prefix.length);
          for (const [id, fields] of entries) {
            // Unsubscribed meanwhile (or subscribed anew, from a later start): this read's entries are not for it.
            const cursor = cursors.get(name);
            if (closed || !active.some(([, c]) => c === cursor) || cursor === undefined) break;
            deliver(name, cursor, id, fields);
          }
        }
      } catch (err) {
        reading = 0;
        reader?.disconnect();
        reader = null;
        readerId = null;
        if (closed) break;
        if (failures++ === 0) log.warn({ err: err instanceof Error ? err.message : String(err) }, 'bus: reader lost its connection; reading on from the last ids when back');
        await sleep(Math.min(50 * 2 ** Math.min(failures, 6), 2000));
      }
    }
    reader?.disconnect();
    reader = null;
  }

  /** The stream's newest id now: the subscription gets what comes after it. Tried until it is known or the subscription is gone. */
  async function start(name: string, cursor: Cursor): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (closed || cursors.get(name) !== cursor) return;
      try {
        const newest = await cmd.xrevrange(key(name), '+', '-', 'COUNT', 1);
        if (cursors.get(name) !== cursor) return;
        cursor.lastId = newest[0]?.[0] ?? '0-0';
        loop ??= run().catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'bus: reader stopped'));
        await wake();
        return;
      } catch (err) {
        if (attempt === 0) log.warn({ topic: name, err: err instanceof Error ? err.message : String(err) }, 'bus: subscription waits for Redis');
        await sleep(Math.min(100 * 2 ** Math.min(attempt, 5), 3000));
      }
    }
  }

  return {
    kind: 'redis',
    async publish(topic, payload) {
      if (closed) throw new Error(`The bus is closed: '${topic.name}' not published.`);
      const json = JSON.stringify(payload);
      await cmd.xadd(key(topic.name), 'MAXLEN', '~', topic.maxLen ?? maxLen, '*', FIELD, json);
    },
    subscribe(topic, handler) {
      if (closed) throw new Error(`The bus is closed: cannot subscribe to '${topic.name}'.`);
      const known = cursors.get(topic.name);
      if (known && known.topic !== topic) throw new Error(`Two different bus topics are named '${topic.name}'.`);
      if (handlers.add(topic, handler)) {
        const cursor: Cursor = { topic: topic as Topic<unknown>, lastId: null, started: Promise.resolve() };
        cursors.set(topic.name, cursor);
        // Issued now, before any publish this node makes after subscribing (one connection keeps the order).
        cursor.started = start(topic.name, cursor);
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (handlers.remove(topic, handler)) cursors.delete(topic.name);
      };
    },
    async ready() {
      await Promise.all([...cursors.values()].map((c) => c.started));
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      cursors.clear();
      wakeWaiter?.();
      reader?.disconnect();
      await loop;
      if (cmd.status === 'ready') await cmd.quit().catch(() => cmd.disconnect());
      else cmd.disconnect();
    },
  };
}
