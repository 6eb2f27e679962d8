import type { VehicleUpdate } from '@fleet/shared';
import { mergeNewestUpdates } from '@fleet/shared/realtime/newest-updates';

/** What the fan-out needs of one browser connection. */
export interface UpdateReceiver {
  /** Packets written for this client that it has not taken yet. */
  queued(): number;
  send(updates: VehicleUpdate[]): void;
  /** Calls `fn` once, when the client has taken what was queued. */
  onceDrained(fn: () => void): void;
}

/** A client with this many packets still queued is behind: its updates are held instead of queued. */
export const MAX_QUEUED_PACKETS = 16;

/**
 * Sends vehicle updates to a site's browsers without letting a slow one make the server buffer
 * without end. A client that keeps up gets every batch as it comes. A client that falls behind (a
 * phone on a poor signal, a tab in the background) gets its updates held, newest per vehicle,
 * and sent as one batch when it has taken what was queued: at most one update per vehicle of the
 * site is ever held for it, and it still ends up with every vehicle's latest state.
 */
export function updateFanout(maxQueued = MAX_QUEUED_PACKETS) {
  const held = new WeakMap<UpdateReceiver, Map<number, VehicleUpdate>>();
  const release = (r: UpdateReceiver) => {
    const pending = held.get(r);
    held.delete(r);
    if (pending && pending.size > 0) r.send([...pending.values()]);
  };
  return {
    send(receivers: Iterable<UpdateReceiver>, updates: VehicleUpdate[]): void {
      for (const r of receivers) {
        const pending = held.get(r);
        if (pending) {
          mergeNewestUpdates(pending, updates);
        } else if (r.queued() >= maxQueued) {
          const start = new Map<number, VehicleUpdate>();
          mergeNewestUpdates(start, updates);
          held.set(r, start);
          r.onceDrained(() => release(r));
        } else {
          r.send(updates);
        }
      }
    },
    /** How many updates are held for a client (for tests and diagnostics). */
    heldFor(r: UpdateReceiver): number {
      return held.get(r)?.size ?? 0;
    },
  };
}
