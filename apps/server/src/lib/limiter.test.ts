import { describe, expect, it } from 'vitest';
import { Backoff, WindowLimiter, waitInWords } from './limiter.ts';

describe('window limiter', () => {
  it('limits a key after max events until its window passes', () => {
    let now = 0;
    const l = new WindowLimiter(2, 1000, () => now);
    l.record('a');
    expect(l.retryAfter('a')).toBe(0);
    l.record('a');
    expect(l.retryAfter('a')).toBe(1000);
    expect(l.retryAfter('b')).toBe(0);
    now = 999;
    expect(l.retryAfter('a')).toBe(1);
    now = 1000;
    expect(l.retryAfter('a')).toBe(0);
  });

  it('forgets a key when cleared', () => {
    const l = new WindowLimiter(1, 1000, () => 0);
    l.record('a');
    l.clear('a');
    expect(l.retryAfter('a')).toBe(0);
  });

  it('holds a bounded number of keys however many distinct keys arrive inside one window', () => {
    // The old limiter kept every key until its window passed (20,000 here) and, past 10,000 keys,
    // scanned all of them on every call; this one keeps the most recent `capacity` keys.
    const l = new WindowLimiter(2, 60 * 60 * 1000, () => 0, 1000);
    for (let i = 0; i < 20_000; i++) l.record(`flood${i}@example.com`);
    expect(l.size).toBeLessThanOrEqual(1000);
    l.record('victim');
    l.record('victim');
    for (let i = 0; i < 500; i++) l.record(`more${i}@example.com`);
    expect(l.retryAfter('victim')).toBeGreaterThan(0);
  });
});

/** Counts the entries every Map walk in `fn` steps over (a scan of a limiter's keys shows up here). */
function mapStepsDuring(fn: () => void): number {
  const proto = Map.prototype as unknown as { [Symbol.iterator]: () => Iterator<unknown>; entries: () => Iterator<unknown> };
  const iter = proto[Symbol.iterator];
  const entries = proto.entries;
  let steps = 0;
  const counted = function (this: Map<unknown, unknown>, real: () => Iterator<unknown>) {
    const it = real.call(this);
    return { next: () => { steps += 1; return it.next(); }, [Symbol.iterator]() { return this; } };
  };
  proto[Symbol.iterator] = function (this: Map<unknown, unknown>) { return counted.call(this, iter); };
  proto.entries = function (this: Map<unknown, unknown>) { return counted.call(this, entries); };
  try {
    fn();
  } finally {
    proto[Symbol.iterator] = iter;
    proto.entries = entries;
  }
  return steps;
}

describe('window limiter work per call', () => {
  it('does not walk its keys when a flood of distinct keys arrives (fake clock, operations counted)', () => {
    // The old limiter, past 10,000 keys, walked the whole map on every call: 1,000 calls here
    // would have stepped over some 20 million entries.
    const l = new WindowLimiter(3, 60 * 60 * 1000, () => 0);
    for (let i = 0; i < 20_000; i++) l.record(`flood${i}@example.com`);
    const steps = mapStepsDuring(() => {
      for (let i = 0; i < 1000; i++) {
        l.retryAfter(`next${i}@example.com`);
        l.record(`next${i}@example.com`);
      }
    });
    expect(steps).toBeLessThan(1000);
  });
});

describe('backoff', () => {
  it('lets the free failures through, then doubles the wait up to the cap, and forgets after a quiet spell', () => {
    let now = 0;
    const b = new Backoff({ freeFailures: 3, baseMs: 1000, capMs: 8000, forgetMs: 60_000, now: () => now });
    for (let i = 0; i < 2; i++) b.fail('k');
    expect(b.waitMs('k')).toBe(0);
    b.fail('k');
    expect(b.waitMs('k')).toBe(1000);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      now += b.waitMs('k');
      b.fail('k');
      waits.push(b.waitMs('k'));
    }
    expect(waits).toEqual([2000, 4000, 8000, 8000, 8000]);
    expect(b.waitMs('other')).toBe(0);
    now += 60_000;
    expect(b.waitMs('k')).toBe(0);
    b.fail('k');
    expect(b.waitMs('k')).toBe(0);
  });

  it('is cleared by a success and keeps at most its capacity of keys', () => {
    const b = new Backoff({ freeFailures: 1, baseMs: 1000, capMs: 8000, forgetMs: 60_000, now: () => 0, capacity: 100 });
    b.fail('k');
    b.clear('k');
    expect(b.waitMs('k')).toBe(0);
    for (let i = 0; i < 10_000; i++) b.fail(`k${i}`);
    expect(b.size).toBe(100);
  });

  it('says waits in words', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(8000)).toBe('8 seconds');
    expect(waitInWords(61_000)).toBe('2 minutes');
  });
});
