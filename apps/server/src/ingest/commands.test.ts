import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandRegistry, PendingCommand } from './commands.ts';

describe('PendingCommand', () => {
  afterEach(() => vi.useRealTimers());

  it('sends once, resolves with the answer, then takes the next command', async () => {
    const pending = new PendingCommand();
    const send = vi.fn();
    const first = pending.start(1000, send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(pending.busy).toBe(true);
    await expect(pending.start(1000, send)).rejects.toThrow('busy');
    expect(send).toHaveBeenCalledTimes(1);
    expect(pending.answer('ok')).toBe(true);
    await expect(first).resolves.toBe('ok');
    expect(pending.busy).toBe(false);
    expect(pending.answer('late')).toBe(false);
  });

  it('answers only with the reply of the same tag', async () => {
    const pending = new PendingCommand();
    const reply = pending.start(1000, () => {}, 'GTOUT');
    expect(pending.answer('+ACK:GTRTO', 'GTRTO')).toBe(false);
    expect(pending.answer('no tag')).toBe(false);
    expect(pending.answer('+ACK:GTOUT', 'GTOUT')).toBe(true);
    await expect(reply).resolves.toBe('+ACK:GTOUT');
  });

  it('times out, and is free again afterwards', async () => {
    vi.useFakeTimers();
    const pending = new PendingCommand();
    const reply = pending.start(1000, () => {});
    const settled = expect(reply).rejects.toThrow('timeout');
    vi.advanceTimersByTime(1000);
    await settled;
    expect(pending.busy).toBe(false);
  });

  it('cancel tells the command in flight the device went offline', async () => {
    const pending = new PendingCommand();
    const reply = pending.start(1000, () => {});
    pending.cancel();
    await expect(reply).rejects.toThrow('offline');
    expect(pending.busy).toBe(false);
    pending.cancel();
  });
});

describe('CommandRegistry presence', () => {
  it("tells of every new connection, also one that replaces a connection still open, and of the current one's end only", () => {
    const registry = new CommandRegistry();
    const told: Array<[number, boolean]> = [];
    registry.onPresence((unit, online) => told.push([unit, online]));
    const older = { sendCommand: async () => 'older' };
    const newer = { sendCommand: async () => 'newer' };
    registry.register(7, older);
    registry.register(7, older);
    // The device reconnected before its old connection was seen to go (issue 17: it may have been on another node meanwhile).
    registry.register(7, newer);
    registry.unregister(7, older);
    expect(registry.isOnline(7)).toBe(true);
    registry.unregister(7, newer);
    expect(told).toEqual([[7, true], [7, true], [7, false]]);
  });
});
