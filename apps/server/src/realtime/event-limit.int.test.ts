import type { ClientToServerEvents, ServerToClientEvents, SessionUser } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestApp;
let base: string;
let user: SessionUser;
const sockets: Client[] = [];

beforeAll(async () => {
  // A small limit so the test is quick: 5 at once, 2 a second back, 10 refusals before the socket is closed.
  t = await createTestApp({ socketEventLimit: { burst: 5, perSecond: 2, patience: 10 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  user = await t.login('ops.leeds@aire-valley.example');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function open(): Promise<Client> {
  const s: Client = connect(base, { autoConnect: false, reconnection: false, transports: ['websocket'], auth: { token: user.token, instanceuuid: user.instanceuuid } });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
    s.connect();
  });
}
type Ack = Parameters<Parameters<ClientToServerEvents['debug:subscribe']>[1]>[0];
const subscribe = (s: Client, uid: number) => new Promise<Ack>((resolve) => s.emit('debug:subscribe', uid, resolve));

describe('Socket.IO event limit', () => {
  it('answers events over the limit with an error and a rate:limited notice, and serves the client again once it slows down', async () => {
    const s = await open();
    const notices: Array<{ message: string; closing: boolean }> = [];
    s.on('rate:limited', (n) => notices.push(n));
    const answers = await Promise.all(Array.from({ length: 8 }, () => subscribe(s, 999_999)));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill({ ok: 0, message: 'No such unit.' }));
    for (const a of answers.slice(5)) expect(a).toMatchObject({ ok: 0, message: expect.stringMatching(/Too many messages/) });
    await expect.poll(() => notices.length).toBe(1);
    expect(notices[0]).toMatchObject({ closing: false });
    expect(s.connected).toBe(true);
    // Time itself is the condition: the bucket earns events back by the second (asking sooner would spend them).
    await new Promise((r) => setTimeout(r, 1100)); // two events earned back
    expect(await subscribe(s, 999_999)).toEqual({ ok: 0, message: 'No such unit.' });
  });

  it('disconnects a client that keeps on past the limit', async () => {
    const s = await open();
    const notices: Array<{ message: string; closing: boolean }> = [];
    s.on('rate:limited', (n) => notices.push(n));
    const closed = new Promise<string>((resolve) => s.on('disconnect', (reason) => resolve(reason)));
    for (let i = 0; i < 40; i++) s.emit('debug:unsubscribe', 1);
    expect(await closed).toBe('io server disconnect');
    expect(notices.at(-1)).toMatchObject({ closing: true });
  });
});
