import { describe, expect, it } from 'vitest';
import { eventLimiter, TokenBucket } from './event-limit.ts';

describe('TokenBucket', () => {
  it('allows a burst, then the steady rate', () => {
    let now = 0;
    const b = new TokenBucket(3, 2, () => now);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now += 500; // one token back at 2 a second
    expect([b.take(), b.take()]).toEqual([true, false]);
    now += 10_000; // never more than the capacity
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
  });
});

describe('eventLimiter', () => {
  it('refuses events over the limit, then closes a client that keeps on', () => {
    const now = 0;
    const next = eventLimiter({ burst: 2, perSecond: 1, patience: 3 }, () => now);
    expect([next(), next(), next(), next(), next(), next()]).toEqual(['ok', 'ok', 'refused', 'refused', 'refused', 'close']);
  });

  it('forgives a client that slows down', () => {
    let now = 0;
    const next = eventLimiter({ burst: 2, perSecond: 1, patience: 3 }, () => now);
    expect([next(), next(), next()]).toEqual(['ok', 'ok', 'refused']);
    now += 5_000;
    expect([next(), next(), next(), next(), next()]).toEqual(['ok', 'ok', 'refused', 'refused', 'refused']);
  });
});
