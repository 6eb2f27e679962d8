import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sharedHorizon } from './log-horizon.ts';

/** A gate read the test finishes by hand; `reads` counts how often the gate was taken. */
function fakeGate() {
  const pending: Array<{ client: string; resolve: (h: string) => void; reject: (e: Error) => void }> = [];
  const read = (client: pg.PoolClient) => new Promise<string>((resolve, reject) => {
    pending.push({ client: client as unknown as string, resolve, reject });
  });
  return { read, pending };
}
const client = (name: string) => name as unknown as pg.PoolClient;

describe('sharedHorizon: one gate take serves the processors of a cycle', () => {
  it('lets a run that started before a read join it (both processors kicked together)', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const state = h.ticket();
    const events = h.ticket();
    const a = h.read(client('state'), state);
    const b = h.read(client('events'), events);
    expect(gate.pending).toHaveLength(1);
    gate.pending[0]?.resolve('42');
    expect(await Promise.all([a, b])).toEqual(['42', '42']);
  });

  it('reuses a finished read for a run that began before it', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const slow = h.ticket();
    const fast = h.ticket();
    const first = h.read(client('fast'), fast);
    gate.pending[0]?.resolve('7');
    await first;
    expect(await h.read(client('slow'), slow)).toBe('7');
    expect(gate.pending).toHaveLength(1);
  });

  it('never hands a run a read that began before the run did (it could miss what kicked the run)', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const early = h.read(client('a'), h.ticket());
    const later = h.ticket();
    const own = h.read(client('b'), later);
    expect(gate.pending.map((p) => p.client)).toEqual(['a', 'b']);
    gate.pending[0]?.resolve('10');
    gate.pending[1]?.resolve('12');
    expect(await early).toBe('10');
    expect(await own).toBe('12');
  });

  it('does not hand a failed read to a later run', async () => {
    const gate = fakeGate();
    const h = sharedHorizon(gate.read);
    const late = h.ticket();
    const first = h.ticket();
    const joiner = h.ticket();
    const failing = h.read(client('a'), first);
    const joined = h.read(client('b'), joiner);
    gate.pending[0]?.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await expect(joined).rejects.toThrow('connection lost');
    // A run that started before the failed read, asking only now, takes the gate itself.
    const retry = h.read(client('c'), late);
    expect(gate.pending).toHaveLength(2);
    gate.pending[1]?.resolve('5');
    expect(await retry).toBe('5');
  });
});
