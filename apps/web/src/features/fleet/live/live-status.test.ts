import { describe, expect, it } from 'vitest';
import { liveState, liveTone } from './live-status.ts';

const fine = { failed: false, hasData: true };

describe('liveState', () => {
  it('follows the socket while the vehicles answer is fine', () => {
    expect(liveState('connecting', fine)).toBe('connecting');
    expect(liveState('live', fine)).toBe('live');
    expect(liveState('reconnecting', fine)).toBe('reconnecting');
    expect(liveState('offline', fine)).toBe('offline');
  });

  it('is red when the vehicles cannot be loaded, whatever the socket says', () => {
    for (const socket of ['connecting', 'live', 'reconnecting', 'offline'] as const) {
      const state = liveState(socket, { failed: true, hasData: false });
      expect(state).toBe('failed');
      expect(liveTone(state)).toBe('down');
    }
  });

  it('is amber when a refresh failed over positions already shown, red when the socket is down too', () => {
    expect(liveState('live', { failed: true, hasData: true })).toBe('stale');
    expect(liveTone('stale')).toBe('warning');
    expect(liveState('offline', { failed: true, hasData: true })).toBe('offline');
  });

  it('gives each state its colour: green live, amber reconnecting, red offline', () => {
    expect(liveTone('live')).toBe('ok');
    expect(liveTone('connecting')).toBe('pending');
    expect(liveTone('reconnecting')).toBe('warning');
    expect(liveTone('offline')).toBe('down');
  });
});
