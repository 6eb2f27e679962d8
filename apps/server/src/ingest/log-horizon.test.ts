import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sharedHorizon } from './log-horizon.ts';

/** A gate read the test finishes by hand; `pending` lists each time the gate was taken. */
function fakeGate() {
  const pending: Array<{ client: string; resolve: (h: string) => void; reject: (e: Error) => void }> = [];
  const read = (client: pg.PoolClient) => new Promise<string>((resolve, reject) => {
    pending.push({ client: client as unknown as string, resolve, reject });
  });
  return { read, pending };
}
const client = (name: string) => name as unknown as pg.PoolClient;

describe('sharedHorizon: one gate take serves the processors of a cycle', () => {
  it('lets both processors of one kick share a read, whichever asks first', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const state = h.reader();
    const events = h.reader();
    h.stored();
    const a = state.read(client('state'), state.ticket());
    // The events run starts only after the state run's read began: no commit came in between.
    const b = events.read(client('events'), events.ticket());
    expect(gate.pending).toHaveLength(1);
    gate.pending[0]?.resolve('42');
    expect(await Promise.all([a, b])).toEqual(['42', '42']);
  });

  it('never hands a run a read that began before a commit it was kicked for', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const state = h.reader();
    const events = h.reader();
    const early = state.read(client('state'), state.ticket());
    h.stored();
    const own = events.read(client('events'), events.ticket());
    expect(gate.pending.map((p) => p.client)).toEqual(['state', 'events']);
    gate.pending[0]?.resolve('10');
    gate.pending[1]?.resolve('12');
    expect(await early).toBe('10');
    expect(await own).toBe('12');
  });

  it('gives a processor a new read on each run, so polling sees commits of other processes', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const state = h.reader();
    const first = state.read(client('state'), state.ticket());
    gate.pending[0]?.resolve('5');
    expect(await first).toBe('5');
    const second = state.read(client('state'), state.ticket());
    expect(gate.pending).toHaveLength(2);
    gate.pending[1]?.resolve('9');
    expect(await second).toBe('9');
  });

  it('does not hand a failed read to a later run', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const [a, b, c] = [h.reader(), h.reader(), h.reader()];
    const lateTicket = c.ticket();
    const failing = a.read(client('a'), a.ticket());
    const joined = b.read(client('b'), b.ticket());
    gate.pending[0]?.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await expect(joined).rejects.toThrow('connection lost');
    // A run that could have joined it, asking only now, takes the gate itself.
    const retry = c.read(client('c'), lateTicket);
    expect(gate.pending).toHaveLength(2);
    gate.pending[1]?.resolve('5');
    expect(await retry).toBe('5');
  });
});
