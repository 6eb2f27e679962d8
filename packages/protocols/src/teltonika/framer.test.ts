import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { encodeAvlPacket } from './avl-encode.ts';
import { encodeCodec12Response } from './codec12.ts';
import { type Frame, TeltonikaFramer } from './framer.ts';
import { encodeImeiLogin } from './login.ts';
import { hexBuf, packetArb, VENDOR_CODEC8, VENDOR_CODEC8E, VENDOR_GETINFO } from './test-fixtures.ts';

const LOGIN = encodeImeiLogin('356307042441013');
const KEEPALIVE = Buffer.from([0xff]);

/** Frames as comparable plain data (Buffers compared by hex). */
const summarize = (frames: Frame[]) =>
  frames.map((f) => (f.kind === 'keepalive' ? f : { ...f, bytes: f.bytes.toString('hex') }));

function pushAll(chunks: Buffer[], framer = new TeltonikaFramer()): Frame[] {
  return chunks.flatMap((chunk) => framer.push(chunk));
}

function catchError(fn: () => unknown): ProtocolError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error('expected a ProtocolError');
}

describe('TeltonikaFramer', () => {
  it('yields the IMEI first, then an AVL packet, then a keep-alive, then a Codec 12 reply', () => {
    const reply = encodeCodec12Response('RTC:2019/7/22');
    const frames = new TeltonikaFramer().push(Buffer.concat([LOGIN, VENDOR_CODEC8, KEEPALIVE, reply]));
    expect(frames.map((f) => f.kind)).toEqual(['imei', 'avl', 'keepalive', 'codec12']);
    expect(frames[0]).toMatchObject({ kind: 'imei', imei: '356307042441013' });
    expect(frames[1]).toMatchObject({ kind: 'avl', packet: { codec: 8 } });
    expect((frames[1] as { bytes: Buffer }).bytes.equals(VENDOR_CODEC8)).toBe(true);
    expect(frames[3]).toMatchObject({
      kind: 'codec12',
      message: { type: 'response', text: 'RTC:2019/7/22' },
    });
  });

  it('treats a lone FF as a keep-alive', () => {
    const framer = new TeltonikaFramer({ expectImei: false });
    expect(framer.push(KEEPALIVE)).toEqual([{ kind: 'keepalive' }]);
    expect(framer.buffered).toBe(0);
  });

  it('gives the same frames whatever byte boundary the stream is split at', () => {
    const stream = Buffer.concat([LOGIN, VENDOR_CODEC8, KEEPALIVE, VENDOR_CODEC8E]);
    const whole = summarize(pushAll([stream]));
    expect(whole.map((f) => f.kind)).toEqual(['imei', 'avl', 'keepalive', 'avl']);
    for (let cut = 0; cut <= stream.length; cut++) {
      expect(summarize(pushAll([stream.subarray(0, cut), stream.subarray(cut)]))).toEqual(whole);
    }
    const oneByteAtATime = [...stream].map((b) => Buffer.from([b]));
    expect(summarize(pushAll(oneByteAtATime))).toEqual(whole);
  });

  it('returns several frames from one chunk and holds back a partial one', () => {
    const framer = new TeltonikaFramer();
    const partial = VENDOR_CODEC8.subarray(0, 20);
    const frames = framer.push(Buffer.concat([LOGIN, VENDOR_CODEC8, VENDOR_CODEC8E, partial]));
    expect(frames.map((f) => f.kind)).toEqual(['imei', 'avl', 'avl']);
    expect(framer.buffered).toBe(20);
    expect(framer.push(VENDOR_CODEC8.subarray(20)).map((f) => f.kind)).toEqual(['avl']);
    expect(framer.buffered).toBe(0);
  });

  it('rejects an oversized declared length as soon as the header arrives, before any body', () => {
    const framer = new TeltonikaFramer();
    framer.push(LOGIN);
    const error = catchError(() => framer.push(hexBuf('0000000000010001')));
    expect(error.code).toBe('length_exceeded');
    expect(error.message).toBe('Declared data length 65537 of TCP frame exceeds the maximum of 65536 bytes');
    expect(framer.buffered).toBe(8);
  });

  it('honours a configured maximum', () => {
    const framer = new TeltonikaFramer({ maxDataLength: 53, expectImei: false });
    expect(framer.push(VENDOR_CODEC8.subarray(0, 7))).toEqual([]);
    expect(() => framer.push(VENDOR_CODEC8.subarray(7, 8))).toThrow(
      'Declared data length 54 of TCP frame exceeds the maximum of 53 bytes',
    );
  });

  it('rejects an IMEI length over 20 after two bytes', () => {
    const error = catchError(() => new TeltonikaFramer().push(hexBuf('0100')));
    expect(error).toMatchObject({
      code: 'bad_imei',
      message: 'IMEI login declares IMEI length 256: expected 1..20 digits',
    });
  });

  it('rejects a stream that is not Teltonika (an HTTP request) at its first four bytes', () => {
    const framer = new TeltonikaFramer({ expectImei: false });
    const error = catchError(() => framer.push(Buffer.from('GET / HTTP/1.1\r\n')));
    expect(error).toMatchObject({
      code: 'bad_preamble',
      message: 'Bad preamble in TCP frame: expected 00000000, got 47455420',
    });
  });

  it('passes on decoder errors and keeps failing after one', () => {
    const framer = new TeltonikaFramer({ expectImei: false });
    const broken = Buffer.from(VENDOR_GETINFO);
    broken[broken.length - 1] = 0x00;
    const first = catchError(() => framer.push(broken));
    expect(first.code).toBe('bad_crc');
    expect(catchError(() => framer.push(KEEPALIVE))).toBe(first);
  });

  it('frames randomly chunked streams of random packets exactly as one chunk', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(packetArb.map(encodeAvlPacket), fc.constant(KEEPALIVE)), { maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (frames, cuts) => {
          const stream = Buffer.concat([LOGIN, ...frames]);
          const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((from, i) => stream.subarray(from, points[i] ?? stream.length));
          expect(summarize(pushAll(chunks))).toEqual(summarize(pushAll([stream])));
        },
      ),
      { numRuns: 200 },
    );
  });
});
