import { decodeUdpMessage } from '@fleet/protocols';
import type dgram from 'node:dgram';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameLog } from './frame-log.ts';
import type { IngestDeps } from './ingest-deps.ts';
import { UdpCommandChannel } from './teltonika-udp-channel.ts';

const IMEI = '352093081452251';

/** A socket that records what would be sent, and to where. */
function fakeSocket() {
  const sent: { bytes: Buffer; port: number; address: string }[] = [];
  const socket = { send: (bytes: Buffer, port: number, address: string) => { sent.push({ bytes, port, address }); } };
  return { socket: socket as unknown as dgram.Socket, sent };
}

describe('UdpCommandChannel', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('sends to the address of the last datagram and resolves with the reply', async () => {
    const { socket, sent } = fakeSocket();
    const expired = vi.fn();
    const channel = new UdpCommandChannel(socket, { frames: new FrameLog() } as unknown as IngestDeps, 7, IMEI, 30_000, expired);
    channel.seen('10.0.0.1', 4000);
    channel.seen('10.0.0.2', 4001);
    const reply = channel.sendCommand('getver', 5000);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ address: '10.0.0.2', port: 4001 });
    expect(decodeUdpMessage(sent[0]?.bytes ?? Buffer.alloc(0))).toMatchObject({ imei: IMEI, message: { type: 'command', text: 'getver' } });
    await expect(channel.sendCommand('getinfo', 5000)).rejects.toThrow('busy');
    expect(channel.answer('Ver:03.27.07')).toBe(true);
    await expect(reply).resolves.toBe('Ver:03.27.07');
    expect(channel.answer('late')).toBe(false);
    channel.close();
  });

  it('is offline once the window since the last datagram has passed, and says so to its owner', async () => {
    const { socket, sent } = fakeSocket();
    const expired = vi.fn();
    const channel = new UdpCommandChannel(socket, { frames: new FrameLog() } as unknown as IngestDeps, 7, IMEI, 30_000, expired);
    channel.seen('10.0.0.1', 4000);
    vi.advanceTimersByTime(20_000);
    channel.seen('10.0.0.1', 4000);
    vi.advanceTimersByTime(20_000);
    expect(channel.reachable).toBe(true);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_001);
    expect(channel.reachable).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
    await expect(channel.sendCommand('getver', 5000)).rejects.toThrow('offline');
    expect(sent).toHaveLength(0);
    channel.close();
  });

  it('times out a command the device never answers, and rejects a pending one when closed', async () => {
    const { socket } = fakeSocket();
    const channel = new UdpCommandChannel(socket, { frames: new FrameLog() } as unknown as IngestDeps, 7, IMEI, 30_000, () => {});
    channel.seen('10.0.0.1', 4000);
    const first = channel.sendCommand('getver', 5000);
    vi.advanceTimersByTime(5001);
    await expect(first).rejects.toThrow('timeout');
    const second = channel.sendCommand('getver', 5000);
    channel.close();
    await expect(second).rejects.toThrow('offline');
  });
});
