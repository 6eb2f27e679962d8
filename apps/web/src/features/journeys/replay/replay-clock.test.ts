import { describe, expect, it, vi } from 'vitest';
import { createClock } from './replay-clock.ts';

describe('replay clock', () => {
  it('keeps the moment inside the day and tells its listeners of each change once', () => {
    const clock = createClock(1000, 5000, 9000);
    expect(clock.get()).toBe(5000);
    const heard = vi.fn();
    const off = clock.subscribe(heard);
    clock.set(2000.4);
    clock.set(2000);
    clock.set(-1);
    expect(heard.mock.calls).toEqual([[2000], [1000]]);
    off();
    clock.set(3000);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(clock.get()).toBe(3000);
  });
});
