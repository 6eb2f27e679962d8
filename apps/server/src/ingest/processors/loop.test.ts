import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processorLoop } from './loop.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A processor under steady load: every run finds work (it is kicked again while it runs). */
function busyProcessor(runMs: number) {
  const starts: number[] = [];
  const loop = processorLoop(async () => {
    starts.push(Date.now());
    loop.kick();
    await new Promise((r) => setTimeout(r, runMs)); // the work of one run (not a wait for a condition)
    return 10;
  }, { batch: 1000, minIntervalMs: 100, idleMs: 500 });
  return { loop, starts };
}

describe('processorLoop under load', () => {
  it('starts the runs of different processors on the same 100 ms grid, however long each run takes', async () => {
    const state = busyProcessor(7);
    const events = busyProcessor(40);
    state.loop.start();
    await vi.advanceTimersByTimeAsync(33);
    events.loop.start();
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all([state.loop.stop(), events.loop.stop(), vi.runAllTimersAsync()]);
    // After each one's first run, every start is on a multiple of 100 ms: the two run together.
    expect(state.starts.slice(1).every((t) => t % 100 === 0)).toBe(true);
    expect(events.starts.slice(1).every((t) => t % 100 === 0)).toBe(true);
    expect(events.starts.slice(1, 6)).toEqual(state.starts.slice(1, 6));
  });

  it('runs again at once, without waiting, when a run took longer than the interval', async () => {
    const slow = busyProcessor(150);
    slow.loop.start();
    await vi.advanceTimersByTimeAsync(460);
    await Promise.all([slow.loop.stop(), vi.runAllTimersAsync()]);
    expect(slow.starts.slice(0, 4)).toEqual([1_000_000, 1_000_150, 1_000_300, 1_000_450]);
  });
});
