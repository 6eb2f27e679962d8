import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { decodeAvlPacket } from './avl-decode.ts';
import { encodeAvlPacket } from './avl-encode.ts';
import { decodeCodec12, encodeCodec12 } from './codec12.ts';
import { wrapEnvelope } from './envelope.ts';
import { TeltonikaFramer } from './framer.ts';
import { parseImeiLogin } from './login.ts';
import { codecArb, mutate, mutationArb, packetArb, recordArb, VENDOR_CODEC8E } from './test-fixtures.ts';
import { CODEC_8, CODEC_8E, CODEC_16 } from './types.ts';
import { decodeUdpDatagram, encodeUdpDatagram } from './udp.ts';

/** Runs every decoder on the bytes; any failure other than a ProtocolError fails the property. */
function decodeAll(bytes: Buffer): void {
  const decoders = [
    () => decodeAvlPacket(bytes),
    () => decodeCodec12(bytes),
    () => decodeUdpDatagram(bytes),
    () => parseImeiLogin(bytes),
    () => new TeltonikaFramer().push(bytes),
    () => new TeltonikaFramer({ expectImei: false }).push(bytes),
  ];
  for (const decode of decoders) {
    try {
      decode();
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
    }
  }
}

const udpArb = fc.record({
  packetId: fc.integer({ min: 0, max: 0xffff }),
  avlPacketId: fc.integer({ min: 0, max: 0xff }),
  imei: fc.stringMatching(/^\d{1,20}$/),
  packet: packetArb,
});

describe('AVL encode/decode round trip', () => {
  it.each([
    ['Codec 8', CODEC_8],
    ['Codec 8E', CODEC_8E],
    ['Codec 16', CODEC_16],
  ] as const)('decode(encode(packet)) equals the packet for %s', (_name, codec) => {
    fc.assert(
      fc.property(fc.array(recordArb(codec), { maxLength: 5 }), (records) => {
        const bytes = encodeAvlPacket({ codec, records });
        const decoded = decodeAvlPacket(bytes);
        expect(decoded).toEqual({ codec, records });
        // Map equality ignores order; the bytes prove the IO order survived too
        expect(encodeAvlPacket(decoded).equals(bytes)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips UDP datagrams', () => {
    fc.assert(
      fc.property(udpArb, (datagram) => {
        expect(decodeUdpDatagram(encodeUdpDatagram(datagram))).toEqual(datagram);
      }),
    );
  });

  it('round-trips Codec 12 messages of any ASCII text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('command', 'response') as fc.Arbitrary<'command' | 'response'>,
        fc.string({
          unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
          maxLength: 200,
        }),
        (type, text) => {
          expect(decodeCodec12(encodeCodec12({ type, text }))).toEqual({ type, text });
        },
      ),
    );
  });
});

describe('decoders on hostile input throw only ProtocolError and always return', () => {
  it('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => decodeAll(Buffer.from(bytes))),
      {
        numRuns: 2000,
      },
    );
  });

  it('random data fields inside a valid envelope and CRC (reaches the record parser)', () => {
    fc.assert(
      fc.property(codecArb, fc.uint8Array({ minLength: 2, maxLength: 400 }), (codec, body) => {
        const field = Buffer.from(body);
        field[0] = codec;
        decodeAll(wrapEnvelope(field));
      }),
      { numRuns: 2000 },
    );
  });

  it('valid TCP packets, UDP datagrams and Codec 12 frames after a flip, insert, delete or truncate', () => {
    const frameArb = fc.oneof(
      packetArb.map(encodeAvlPacket),
      udpArb.map(encodeUdpDatagram),
      fc
        .string({ maxLength: 40 })
        .map((t) => encodeCodec12({ type: 'response', text: t.replace(/[\u0080-\uffff]/g, '?') })),
      fc.constant(VENDOR_CODEC8E),
    );
    fc.assert(
      fc.property(frameArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (frame, mutations) => {
        decodeAll(mutations.reduce(mutate, frame));
      }),
      { numRuns: 2000 },
    );
  });

  it('a single corrupted byte in the data field is always caught (CRC-16 detects bursts up to 16 bits)', () => {
    fc.assert(
      fc.property(packetArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (packet, at, mask) => {
        const frame = encodeAvlPacket(packet);
        const i = 8 + (at % (frame.length - 12));
        const broken = Buffer.from(frame);
        broken[i] = (broken[i] as number) ^ mask;
        expect(() => decodeAvlPacket(broken)).toThrow(ProtocolError);
      }),
      { numRuns: 1000 },
    );
  });
});
