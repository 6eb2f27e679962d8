import { describe, expect, it } from 'vitest';
import { ProtocolError, type ProtocolErrorCode } from '../errors.ts';
import { decodeCodec13, encodeCodec13 } from './codec13.ts';
import { wrapEnvelope } from './envelope.ts';
import { hexBuf } from './test-fixtures.ts';

/**
 * A Codec 13 frame recorded from a device (traccar/traccar's Teltonika decoder tests): type 0x05
 * from older firmware, an 8-byte millisecond timestamp, size counting timestamp and text. CRC valid.
 */
const FIELD_GETINFO = hexBuf('00000000000000170D01050000000F0000016C0A81C320676574696E666F0100006855');

function codeOf(fn: () => unknown): ProtocolErrorCode {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProtocolError) return error.code;
    throw error;
  }
  throw new Error('expected a ProtocolError');
}

/** A data field built by hand: codec, quantity, type, size, timestamp, text, quantity. */
function field(opts: { type?: number; size?: number; seconds?: number; text?: string; q2?: number } = {}): Buffer {
  const text = Buffer.from(opts.text ?? 'Hello!\n', 'latin1');
  const head = Buffer.alloc(11);
  head.writeUInt8(0x0d, 0);
  head.writeUInt8(1, 1);
  head.writeUInt8(opts.type ?? 0x06, 2);
  head.writeUInt32BE(opts.size ?? text.length + 4, 3);
  head.writeUInt32BE(opts.seconds ?? 0x654b65a4, 7);
  return wrapEnvelope(Buffer.concat([head, text, Buffer.from([opts.q2 ?? 1])]));
}

describe('Codec 13', () => {
  it('decodes a message as the vendor lays it out: type 06, size = timestamp + text, 4-byte seconds', () => {
    expect(decodeCodec13(field())).toEqual({ timestampMs: 0x654b65a4 * 1000, text: 'Hello!\n' });
  });

  it('encodes what it decodes, byte-exact', () => {
    const frame = field({ text: 'iButton 01A2B3C4D5E6F700' });
    expect(encodeCodec13(decodeCodec13(frame)).equals(frame)).toBe(true);
    expect(decodeCodec13(encodeCodec13({ timestampMs: 1_795_300_000_999, text: '' }))).toEqual({ timestampMs: 1_795_300_000_000, text: '' });
  });

  it('decodes the recorded field frame (type 05, 8-byte millisecond timestamp) to its command text', () => {
    expect(decodeCodec13(FIELD_GETINFO)).toEqual({ timestampMs: 0x16c0a81c320, text: 'getinfo' });
  });

  it('accepts a size that counts the text only, as some firmware sends it', () => {
    expect(decodeCodec13(field({ size: 7 })).text).toBe('Hello!\n');
  });

  it('rejects a wrong codec, type, size, quantity, CRC and a field too short to hold a timestamp', () => {
    const wrongCodec = field();
    wrongCodec[8] = 0x0c;
    expect(codeOf(() => decodeCodec13(wrongCodec))).toBe('unknown_codec');
    expect(codeOf(() => decodeCodec13(field({ type: 0x11 })))).toBe('unknown_message_type');
    expect(() => decodeCodec13(field({ size: 99 }))).toThrow(
      'Codec 13 size 99 does not match declared data length 19 (expected 11, timestamp and text)',
    );
    expect(codeOf(() => decodeCodec13(field({ q2: 2 })))).toBe('count_mismatch');
    const badCrc = field();
    badCrc.writeUInt8((badCrc.at(-1) as number) ^ 0xff, badCrc.length - 1);
    expect(codeOf(() => decodeCodec13(badCrc))).toBe('bad_crc');
    expect(() => decodeCodec13(wrapEnvelope(Buffer.from('0d01060000000401', 'hex')))).toThrow(
      'Declared data length 8 of Codec 13 message is below the minimum of 12 bytes',
    );
  });

  it('refuses to encode text beyond latin1 or a timestamp beyond 4 bytes of seconds', () => {
    expect(() => encodeCodec13({ timestampMs: 0, text: 'ā' })).toThrow(RangeError);
    expect(() => encodeCodec13({ timestampMs: 2 ** 32 * 1000, text: '' })).toThrow(RangeError);
  });
});
