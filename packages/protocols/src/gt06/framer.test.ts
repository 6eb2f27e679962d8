import { describe, expect, it } from 'vitest';
import { Gt06Framer } from './framer.ts';

const hex = (h: string) => Buffer.from(h, 'hex');
// A heartbeat and a long 0x21 reply: JM-VL03 manual and traccar Gt06ProtocolDecoderTest.java.
const HEARTBEAT = '78780A134004040001000FDCEE0D0A';
const LONG = '797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a';
// From traccar Gt06FrameDecoderTest.java: a GT06N login and a 0x12 location.
const LOGIN = '78780d010352887071911998000479d00d0a';
const LOCATION = '78781f1210020e14061dcc0476fcd0003e3faf3e14b20000000000000000044ef6740d0a';

describe('Gt06Framer', () => {
  it('splits short and long frames, whole or a byte at a time', () => {
    const stream = hex(LOGIN + HEARTBEAT + LONG + LOCATION);
    expect(new Gt06Framer().push(stream).map((f) => f.toString('hex'))).toEqual([LOGIN, HEARTBEAT.toLowerCase(), LONG, LOCATION]);
    const framer = new Gt06Framer();
    const out: string[] = [];
    for (const b of stream) out.push(...framer.push(Buffer.of(b)).map((f) => f.toString('hex')));
    expect(out).toEqual([LOGIN, HEARTBEAT.toLowerCase(), LONG, LOCATION]);
    expect(framer.buffered).toBe(0);
  });

  it('keeps a partial frame until the rest arrives', () => {
    const framer = new Gt06Framer();
    expect(framer.push(hex(HEARTBEAT.slice(0, 10)))).toEqual([]);
    expect(framer.buffered).toBe(5);
    expect(framer.push(hex(HEARTBEAT.slice(10)))).toHaveLength(1);
  });

  it('refuses a wrong start, a wrong stop, a short length and an oversized frame, and stays failed', () => {
    const framer = new Gt06Framer();
    expect(() => framer.push(hex('7777'))).toThrow('GT06 frame must start 7878 or 7979, got 7777');
    expect(() => framer.push(hex(HEARTBEAT))).toThrow('GT06 frame must start 7878 or 7979, got 7777');
    expect(() => new Gt06Framer().push(hex('78780A134004040001000FDCEE0D0B'))).toThrow('GT06 frame of declared length 10 does not end 0D0A (got 0D0B)');
    expect(() => new Gt06Framer().push(hex('787804'))).toThrow('GT06 packet length 4 is below the minimum 5');
    expect(() => new Gt06Framer({ maxFrameBytes: 64 }).push(hex('7979ffff'))).toThrow('GT06 frame of 65541 bytes exceeds the limit of 64');
  });
});
