import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { isAvlCodec } from './avl-layout.ts';
import { encodeAvlPacket } from './avl-encode.ts';
import { decodeCodec13, encodeCodec13 } from './codec13.ts';
import { wrapEnvelope } from './envelope.ts';
import { type Frame, TeltonikaFramer } from './framer.ts';
import { encodeImeiLogin } from './login.ts';
import { mutate, mutationArb, packetArb } from './test-fixtures.ts';
import { CODEC_12, CODEC_13 } from './types.ts';
import { decodeUdpMessage, encodeUdpCodec12 } from './udp-command.ts';

/** Runs the decoders of the new paths; anything thrown other than a ProtocolError fails the property. */
function decodeAll(bytes: Buffer): void {
  for (const decode of [
    () => decodeCodec13(bytes),
    () => decodeUdpMessage(bytes),
    () => new TeltonikaFramer().push(bytes),
    () => new TeltonikaFramer({ expectImei: false }).push(bytes),
  ]) {
    try {
      decode();
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
    }
  }
}

const LOGIN = encodeImeiLogin('356307042441013');
const latin1 = fc.string({ maxLength: 40 }).map((t) => t.replace(/[\u0100-\uffff]/g, '?'));
const codec13Arb = fc
  .record({ timestampMs: fc.integer({ min: 0, max: 0xffffffff }).map((s) => s * 1000), text: latin1 })
  .map(encodeCodec13);
const udpCodec12Arb = fc
  .record({ packetId: fc.integer({ min: 0, max: 0xffff }), imei: fc.stringMatching(/^\d{1,20}$/), text: latin1 })
  .map(({ packetId, imei, text }) => encodeUdpCodec12(packetId, packetId & 0xff, imei, { type: 'response', text }));
/** A CRC-valid packet of a codec id we do not decode. */
const unsupportedArb = fc
  .tuple(fc.integer({ min: 0, max: 255 }).filter((c) => !isAvlCodec(c) && c !== CODEC_12 && c !== CODEC_13), fc.uint8Array({ minLength: 2, maxLength: 200 }))
  .map(([codec, body]) => wrapEnvelope(Buffer.concat([Buffer.from([codec]), body])));
const kinds = (frames: Frame[]) => frames.map((f) => f.kind);

describe('field paths never crash', () => {
  it('Codec 13 frames, Codec 12 datagrams and unsupported packets after a flip, insert, delete or truncate', () => {
    fc.assert(
      fc.property(fc.oneof(codec13Arb, udpCodec12Arb, unsupportedArb), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (frame, m) => {
        decodeAll(m.reduce(mutate, frame));
      }),
      { numRuns: 3000 },
    );
  });

  it('random bytes inside a valid envelope with codec id 0x0D, and random datagrams with codec 0x0C', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 2, maxLength: 80 }), fc.stringMatching(/^\d{1,20}$/), (body, imei) => {
        decodeAll(wrapEnvelope(Buffer.concat([Buffer.from([CODEC_13]), body])));
        const header = Buffer.alloc(8 + imei.length);
        header.writeUInt16BE(6 + imei.length + 1 + body.length, 0);
        header.writeUInt16BE(imei.length, 6);
        header.write(imei, 8, 'latin1');
        decodeAll(Buffer.concat([header, Buffer.from([CODEC_12]), body]));
      }),
      { numRuns: 2000 },
    );
  });

  it('keep-alives before the login change nothing but add keep-alive frames', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.array(packetArb.map(encodeAvlPacket), { maxLength: 3 }), (n, packets) => {
        const plain = new TeltonikaFramer().push(Buffer.concat([LOGIN, ...packets]));
        const withFf = new TeltonikaFramer().push(Buffer.concat([Buffer.alloc(n, 0xff), LOGIN, ...packets]));
        expect(kinds(withFf)).toEqual([...Array<string>(n).fill('keepalive'), ...kinds(plain)]);
      }),
      { numRuns: 500 },
    );
  });

  it('an unsupported packet is passed over and the packet after it always arrives', () => {
    fc.assert(
      fc.property(unsupportedArb, packetArb, (unsupported, packet) => {
        const frames = new TeltonikaFramer().push(Buffer.concat([LOGIN, unsupported, encodeAvlPacket(packet)]));
        expect(kinds(frames)).toEqual(['imei', 'unsupported', 'avl']);
        expect(frames[2]).toMatchObject({ packet: { codec: packet.codec } });
      }),
      { numRuns: 500 },
    );
  });
});
