import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocketAdapter, socketAdapterFor } from './index.ts';

// Two api nodes in one process, each a Socket.IO server with the Redis Streams adapter on a port of
// its own, sharing the machine's Redis under this file's own prefix (deleted afterwards).
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:sio:${randomBytes(6).toString('hex')}:`;

interface Node { http: HttpServer; io: Server; adapter: SocketAdapter; url: string }
const nodes: Node[] = [];
const clients: Socket[] = [];

async function node(): Promise<Node> {
  const adapter = socketAdapterFor(REDIS, { keyPrefix: prefix });
  if (!adapter) throw new Error('a redis:// url gave no adapter');
  const http = createServer();
  const io = new Server(http, { adapter: adapter.adapter, serveClient: false });
  // As the gateway does: a socket joins its site's room (here the one its handshake names).
  io.on('connection', (socket) => {
    const room = socket.handshake.auth.room;
    if (typeof room === 'string') void socket.join(room);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const n = { http, io, adapter, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  nodes.push(n);
  return n;
}

async function client(url: string, room?: string): Promise<Socket> {
  const s = connect(url, { transports: ['websocket'], auth: room ? { room } : {}, reconnection: false });
  clients.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });
  return s;
}

let a: Node;
let b: Node;
beforeAll(async () => {
  a = await node();
  b = await node();
});

afterAll(async () => {
  for (const s of clients) s.disconnect();
  for (const n of nodes) await n.io.close();
  for (const n of nodes) await n.adapter.close();
  const admin = new Redis(REDIS);
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

describe('rooms shared across api nodes (Redis Streams adapter)', () => {
  it('gives no adapter without a url: Socket.IO keeps its in-memory one', () => {
    expect(socketAdapterFor(undefined)).toBeUndefined();
    expect(socketAdapterFor('')).toBeUndefined();
    expect(() => socketAdapterFor('nats://127.0.0.1:4222')).toThrow(/not supported.*redis:\/\//);
  });

  it('delivers an emit to a room on node A to that room\'s socket on node B within a second', async () => {
    const inRoom = await client(b.url, 'site:7');
    const otherSite = await client(b.url, 'site:8');
    const got: Array<{ n: number; at: number }> = [];
    const stray: unknown[] = [];
    inRoom.on('site:message', (m: { n: number }) => void got.push({ n: m.n, at: Date.now() }));
    otherSite.on('site:message', (m) => void stray.push(m));

    // Node B's adapter starts reading its stream a moment after it is made: warm up until a message
    // crosses, so the timing below measures delivery and not the adapter's start.
    for (let i = 0; got.length === 0; i++) {
      if (i >= 100) throw new Error('node B never got node A\'s emit (5 s)');
      a.io.to('site:7').emit('site:message', { n: -1 });
      await sleep(50);
    }
    const warm = got.length;

    const sentAt = Date.now();
    a.io.to('site:7').emit('site:message', { n: 1 });
    while (got.length === warm && Date.now() - sentAt < 1000) await sleep(5);
    expect(got.slice(warm).map((m) => m.n)).toEqual([1]);
    expect((got[warm]?.at ?? Infinity) - sentAt).toBeLessThan(1000);
    // Another site's socket on the same node got none of it.
    await sleep(100);
    expect(stray).toEqual([]);
  });
});
