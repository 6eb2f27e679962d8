import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffMs, createOutbox, type Outbox, type OutboxItem, RETRY_MESSAGE } from './outbox.ts';

let n = 0;
const open: Outbox[] = [];
function make(dbName = `outbox-test-${++n}`, clock?: { t: number }) {
  const ob = createOutbox({ dbName, now: clock ? () => clock.t : undefined });
  open.push(ob);
  return { ob, dbName };
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const item = (id: string, extra: Partial<OutboxItem> = {}) => ({ id, kind: 'test', label: `item ${id}`, payload: { id }, ...extra });

describe('outbox', () => {
  it('sends oldest first, one at a time, and removes what is done', async () => {
    const { ob } = make();
    for (const id of ['a', 'b', 'c', 'd']) await ob.add(item(id, { createdAt: 1000 }));
    const sent: string[] = [];
    let inFlight = 0;
    let most = 0;
    ob.start({
      test: async (i) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        sent.push(i.id);
        inFlight--;
        return 'done';
      },
    });
    // Kicks while a pass runs do not start a second sender.
    ob.kick();
    ob.kick();
    await ob.drain(true);
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(1);
    expect(await ob.list()).toEqual([]);
  });

  it('keeps items, blobs and progress across a re-open of the database', async () => {
    const { ob, dbName } = make();
    await ob.add(item('x', { blobs: { photo: new Blob(['jpeg bytes'], { type: 'image/jpeg' }) } }));
    await ob.add(item('y'));
    await ob.update('x', { progress: { photo: 41 } });
    await ob.close();

    const { ob: again } = make(dbName);
    const items = await again.list();
    expect(items.map((i) => i.id)).toEqual(['x', 'y']);
    expect(items[0]?.progress).toEqual({ photo: 41 });
    expect(items[0]?.attempts).toBe(0);
    expect(items[0]?.lastError).toBeNull();
    expect(await items[0]?.blobs.photo?.text()).toBe('jpeg bytes');
  });

  it('adds the same id once', async () => {
    const { ob } = make();
    await ob.add(item('same'));
    await ob.add(item('same', { label: 'double tap' }));
    expect((await ob.list()).map((i) => i.label)).toEqual(['item same']);
  });

  it('a retry keeps the item at the head with attempts and the error, and backs off 1 s doubling to 60 s', async () => {
    expect([1, 2, 3, 4, 6, 7, 8, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 32_000, 60_000, 60_000, 60_000]);
    const clock = { t: 1_000_000 };
    const { ob } = make(undefined, clock);
    await ob.add(item('first'));
    await ob.add(item('second'));
    const calls: string[] = [];
    let answer: 'retry' | 'done' = 'retry';
    ob.start({ test: async (i) => (calls.push(i.id), i.id === 'first' ? answer : 'done') });
    // Joins the pass that start began (a forced one would try again at once, as kick() does).
    await ob.drain();
    // The second waits behind the first: the server sees them in order.
    expect(calls).toEqual(['first']);
    let [head] = await ob.list();
    expect(head).toMatchObject({ id: 'first', attempts: 1, lastError: RETRY_MESSAGE });
    expect(ob.getState().retryAt).toBe(clock.t + 1000);

    // The 30 s timer's pass before the back-off is over does nothing.
    clock.t += 999;
    await ob.drain();
    expect(calls).toEqual(['first']);
    clock.t += 1;
    await ob.drain();
    expect(calls).toEqual(['first', 'first']);
    [head] = await ob.list();
    expect(head?.attempts).toBe(2);
    expect(ob.getState().retryAt).toBe(clock.t + 2000);

    // A thrown error is a retry too, with its message.
    ob.start({ test: async () => { throw new Error('Network down'); } });
    await ob.drain();
    [head] = await ob.list();
    expect(head).toMatchObject({ attempts: 3, lastError: 'Network down' });
    expect(ob.getState().retryAt).toBe(clock.t + 4000);

    // Coming back (kick / online) ignores the back-off.
    answer = 'done';
    ob.start({ test: async (i) => (calls.push(i.id), i.id === 'first' ? answer : 'done') });
    await ob.drain();
    expect(calls.slice(2)).toEqual(['first', 'second']);
    expect(await ob.list()).toEqual([]);
    expect(ob.getState().retryAt).toBeNull();
  });

  it('saved progress survives a reload, so a retry skips the finished steps', async () => {
    const { ob, dbName } = make();
    await ob.add(item('cl', { payload: { photos: ['p1', 'p2'] } }));
    const uploads: string[] = [];
    const handler = (failAt: string | null) => async (i: OutboxItem, ctx: { save(p: Record<string, unknown>): Promise<void> }) => {
      for (const p of (i.payload as { photos: string[] }).photos) {
        if (i.progress[p]) continue;
        if (p === failAt) return 'retry' as const;
        uploads.push(p);
        await ctx.save({ [p]: uploads.length });
      }
      uploads.push('save');
      return 'done' as const;
    };
    ob.start({ test: handler('p2') });
    await ob.drain(true);
    expect(uploads).toEqual(['p1']);
    expect((await ob.list())[0]?.progress).toEqual({ p1: 1 });
    await ob.close();

    const { ob: reloaded } = make(dbName);
    reloaded.start({ test: handler(null) });
    await reloaded.drain(true);
    expect(uploads).toEqual(['p1', 'p2', 'save']);
    expect(await reloaded.list()).toEqual([]);
  });

  it('a failed item is kept with its message, does not hold the others back, and goes only when removed', async () => {
    const { ob } = make();
    await ob.add(item('bad'));
    await ob.add(item('good'));
    const calls: string[] = [];
    ob.start({ test: async (i) => (calls.push(i.id), i.id === 'bad' ? { fail: 'The vehicle no longer exists.' } : 'done') });
    await ob.drain(true);
    await ob.drain(true);
    expect(calls).toEqual(['bad', 'good']);
    const items = await ob.list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: 'bad', failed: true, lastError: 'The vehicle no longer exists.', attempts: 1 });

    // The user may try it again ...
    await ob.retry('bad');
    await ob.drain(true);
    expect(calls).toEqual(['bad', 'good', 'bad']);
    // ... or remove it.
    await ob.remove('bad');
    expect(await ob.list()).toEqual([]);
  });

  it('tells subscribers when the items change', async () => {
    const { ob } = make();
    const seen: number[] = [];
    const off = ob.subscribe(() => seen.push(ob.getState().items.length));
    await ob.add(item('one'));
    await ob.add(item('two'));
    await ob.remove('one');
    off();
    expect(seen.at(-1)).toBe(1);
    expect(seen).toContain(2);
    expect(ob.getState().items.map((i) => i.id)).toEqual(['two']);
  });
});
