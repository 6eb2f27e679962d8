import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { FRAMES } from './fixtures.ts';
import { QueclinkFramer } from './framer.ts';

describe('QueclinkFramer', () => {
  it('splits messages on $, across chunks, dropping CR/LF between them', () => {
    const f = new QueclinkFramer();
    const all = Buffer.from(`${FRAMES.gv300FriDoc}\r\n${FRAMES.gv300Heartbeat}${FRAMES.gv300Sos}`);
    const first = f.push(all.subarray(0, 100));
    expect(first).toEqual([]);
    expect(f.buffered).toBe(100);
    const rest = f.push(all.subarray(100));
    expect(rest.map((b) => b.toString())).toEqual([FRAMES.gv300FriDoc, FRAMES.gv300Heartbeat, FRAMES.gv300Sos]);
    expect(f.buffered).toBe(0);
  });

  it('refuses a message that runs past the limit without its $', () => {
    const f = new QueclinkFramer(64);
    expect(() => f.push(Buffer.from('+RESP:GTFRI,'.padEnd(65, 'x')))).toThrow(ProtocolError);
  });

  it('refuses a complete message longer than the limit', () => {
    const f = new QueclinkFramer(64);
    expect(() => f.push(Buffer.from(FRAMES.gv300FriDoc))).toThrow(/runs past 64/);
  });
});
