import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { encodeCodec13 } from './codec13.ts';
import { wrapEnvelope } from './envelope.ts';
import { type Frame, TeltonikaFramer } from './framer.ts';
import { encodeImeiLogin } from './login.ts';
import { hexBuf, VENDOR_CODEC8, VENDOR_CODEC8E } from './test-fixtures.ts';

const LOGIN = encodeImeiLogin('356307042441013');
const FF = Buffer.from([0xff]);
/** Vendor "Teltonika Data Sending Protocols" page: Codec 15 message "Hello!\n" (FMX6 only); CRC valid. */
const VENDOR_CODEC15 = hexBuf('000000000000001b0f010b00000013654b65a4012345678912345648656c6c6f210a01000093d6');
/** A data packet of a codec id nobody has published (0x99), CRC valid. */
const CODEC_99 = wrapEnvelope(Buffer.from('99010203040501', 'hex'));

const kinds = (frames: Frame[]) => frames.map((f) => f.kind);
const byteByByte = (stream: Buffer, framer = new TeltonikaFramer()) => [...stream].flatMap((b) => framer.push(Buffer.from([b])));

describe('TeltonikaFramer in the field', () => {
  it('takes keep-alives sent before the login (a reconnecting device), then the login and its packets', () => {
    const stream = Buffer.concat([FF, FF, LOGIN, FF, VENDOR_CODEC8]);
    expect(kinds(new TeltonikaFramer().push(stream))).toEqual(['keepalive', 'keepalive', 'imei', 'keepalive', 'avl']);
    expect(kinds(byteByByte(stream))).toEqual(['keepalive', 'keepalive', 'imei', 'keepalive', 'avl']);
  });

  it('still rejects a login that is not one after the keep-alive', () => {
    const framer = new TeltonikaFramer();
    expect(() => framer.push(Buffer.concat([FF, Buffer.from('0100', 'hex')]))).toThrow(
      'IMEI login declares IMEI length 256: expected 1..20 digits',
    );
  });

  it('frames a Codec 13 message between AVL packets', () => {
    const message = { timestampMs: 1_795_300_000_000, text: 'iButton 01A2B3C4D5E6F700' };
    const frames = new TeltonikaFramer().push(Buffer.concat([LOGIN, VENDOR_CODEC8, encodeCodec13(message), VENDOR_CODEC8E]));
    expect(kinds(frames)).toEqual(['imei', 'avl', 'codec13', 'avl']);
    expect(frames[2]).toMatchObject({ kind: 'codec13', message });
  });

  it('passes on a packet of an unsupported codec and goes on with the next packet', () => {
    const stream = Buffer.concat([LOGIN, VENDOR_CODEC15, CODEC_99, VENDOR_CODEC8]);
    for (const frames of [new TeltonikaFramer().push(stream), byteByByte(stream)]) {
      expect(kinds(frames)).toEqual(['imei', 'unsupported', 'unsupported', 'avl']);
      expect(frames[1]).toMatchObject({ kind: 'unsupported', codec: 0x0f, command: true });
      expect(frames[2]).toMatchObject({ kind: 'unsupported', codec: 0x99, command: false });
      expect((frames[2] as { bytes: Buffer }).bytes.equals(CODEC_99)).toBe(true);
    }
  });

  it('closes the stream on an unsupported packet whose CRC fails: its length cannot be trusted', () => {
    const damaged = Buffer.from(CODEC_99);
    damaged.writeUInt8((damaged.at(-1) as number) ^ 0x01, damaged.length - 1);
    const framer = new TeltonikaFramer({ expectImei: false });
    let error: unknown;
    try {
      framer.push(Buffer.concat([damaged, VENDOR_CODEC8]));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: 'bad_crc' });
    expect((error as Error).message).toMatch(/^CRC mismatch in packet of codec 0x99: frame carries /);
  });
});
