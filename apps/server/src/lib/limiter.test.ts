import { describe, expect, it } from 'vitest';
import { WindowLimiter } from './limiter.ts';

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
});
