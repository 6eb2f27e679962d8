import type { VehicleUpdate } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { type UpdateReceiver, updateFanout } from './update-fanout.ts';

const update = (unitid: number, second: number, speed = 10): VehicleUpdate => ({
  unitid, lat: 53.8, lon: -1.55, speed, ign: 1, direction: 90, updated: new Date(Date.UTC(2026, 10, 22, 8, 0, second)).toISOString(),
  vehiclealarm: false, ptotrigger1: 0, ptotrigger2: 0,
});

/** A client whose queue the test fills and drains by hand. */
function client() {
  const sent: VehicleUpdate[][] = [];
  let drained: (() => void) | null = null;
  const r: UpdateReceiver & { sent: VehicleUpdate[][]; queue: number; drain(): void } = {
    sent,
    queue: 0,
    queued: () => r.queue,
    send: (list) => { sent.push(list); },
    onceDrained: (fn) => { drained = fn; },
    drain() {
      r.queue = 0;
      const fn = drained;
      drained = null;
      fn?.();
    },
  };
  return r;
}

describe('updateFanout', () => {
  it('sends every batch straight away to a client that keeps up', () => {
    const fanout = updateFanout(4);
    const a = client();
    fanout.send([a], [update(1, 1)]);
    fanout.send([a], [update(1, 2), update(2, 2)]);
    expect(a.sent.map((b) => b.map((u) => u.unitid))).toEqual([[1], [1, 2]]);
  });

  it('holds the newest update per vehicle for a client that is behind, and sends them once it drains', () => {
    const fanout = updateFanout(4);
    const slow = client();
    const quick = client();
    slow.queue = 4;
    fanout.send([slow, quick], [update(1, 1), update(2, 1)]);
    fanout.send([slow, quick], [update(1, 3, 30)]);
    fanout.send([slow, quick], [update(1, 2, 20)]); // late and older: does not replace the newer one
    expect(slow.sent).toEqual([]);
    expect(fanout.heldFor(slow)).toBe(2);
    expect(quick.sent).toHaveLength(3);

    slow.drain();
    expect(slow.sent).toHaveLength(1);
    const batch = slow.sent[0] ?? [];
    expect(batch.map((u) => [u.unitid, u.speed])).toEqual([[1, 30], [2, 10]]);
    expect(fanout.heldFor(slow)).toBe(0);

    fanout.send([slow], [update(3, 4)]);
    expect(slow.sent).toHaveLength(2);
  });

  it('holds at most one update per vehicle however long the client stays behind', () => {
    const fanout = updateFanout(1);
    const slow = client();
    slow.queue = 1;
    for (let s = 0; s < 50; s++) fanout.send([slow], [update(1, s), update(2, s), update(3, s)]);
    expect(fanout.heldFor(slow)).toBe(3);
  });
});
