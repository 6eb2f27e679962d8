import { describe, expect, it } from 'vitest';
import { missedPushes } from './missed-pushes.ts';

describe('missedPushes', () => {
  it('counts the first connect after mount as a catch-up (pushes before it joined the room were missed)', () => {
    const m = missedPushes(false);
    expect(m.connected()).toBe(true);
    expect(m.connected()).toBe(false);
  });

  it('needs no catch-up for a socket already connected at mount', () => {
    expect(missedPushes(true).connected()).toBe(false);
  });

  it('catches up once after each drop', () => {
    const m = missedPushes(true);
    m.dropped();
    expect(m.connected()).toBe(true);
    expect(m.connected()).toBe(false);
    m.dropped();
    m.dropped();
    expect(m.connected()).toBe(true);
  });
});
