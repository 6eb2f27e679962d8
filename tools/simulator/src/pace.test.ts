import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordPace } from './pace.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('RecordPace', () => {
  it('lets records through at the fleet-wide rate, first come first served', async () => {
    vi.useFakeTimers({ now: 0 });
    const pace = new RecordPace(100);
    const done: string[] = [];
    void pace.take(100).then(() => done.push('a'));
    void pace.take(100).then(() => done.push('b'));
    void pace.take(50).then(() => done.push('c'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toEqual(['a', 'b', 'c']);
  });

  it('releases every waiter on close', async () => {
    vi.useFakeTimers({ now: 0 });
    const pace = new RecordPace(1);
    await pace.take(10);
    let released = false;
    void pace.take(10).then(() => {
      released = true;
    });
    pace.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(released).toBe(true);
  });
});
