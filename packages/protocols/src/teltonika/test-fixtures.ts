/**
 * Test vectors and fast-check arbitraries shared by this package's tests (not exported from the
 * package index). Vendor vectors are CRC-valid examples from Teltonika's "Codec" protocol page.
 */
import fc from 'fast-check';
import { FIXED_SIZES, IO_LAYOUTS } from './avl-layout.ts';
import {
  type AvlCodec,
  type AvlPacket,
  type AvlRecord,
  CODEC_8,
  CODEC_8E,
  CODEC_16,
  type IoValue,
} from './types.ts';

export const hexBuf = (hex: string): Buffer => Buffer.from(hex.replace(/\s+/g, ''), 'hex');

/** teltonika.md: Codec 8, one record. */
export const VENDOR_CODEC8 = hexBuf(
  '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF',
);
/** teltonika.md: Codec 8 Extended, one record. */
export const VENDOR_CODEC8E = hexBuf(
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994',
);
/** Vendor Codec page (not in teltonika.md), Codec 16 with two records; its CRC checks. */
export const VENDOR_CODEC16 = hexBuf(
  '000000000000005F10020000016BDBC7833000000000000000000000000000000000000B05040200010000030002000B00270042563A00000000016BDBC7871800000000000000000000000000000000000B05040200010000030002000B00260042563A00000200005FB3',
);
/** teltonika.md: Codec 12 command 'getinfo'. */
export const VENDOR_GETINFO = hexBuf('000000000000000F0C010500000007676574696E666F0100004312');

const int = (min: number, max: number) => fc.integer({ min, max });

function ioArb(codec: AvlCodec): fc.Arbitrary<Map<number, IoValue>> {
  const maxId = IO_LAYOUTS[codec].idBytes === 2 ? 0xffff : 0xff;
  const entry = fc.oneof(
    fc.record({ size: fc.constant(1 as const), value: int(0, 0xff) }),
    fc.record({ size: fc.constant(2 as const), value: int(0, 0xffff) }),
    fc.record({ size: fc.constant(4 as const), value: int(0, 0xffffffff) }),
    fc.record({ size: fc.constant(8 as const), value: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }) }),
  );
  return fc
    .uniqueArray(fc.tuple(int(0, maxId), entry), { maxLength: 12, selector: ([id]) => id })
    .map((entries) => new Map(FIXED_SIZES.flatMap((size) => entries.filter(([, io]) => io.size === size))));
}

const variableArb = fc
  .uniqueArray(fc.tuple(int(0, 0xffff), fc.uint8Array({ maxLength: 24 })), {
    maxLength: 4,
    selector: ([id]) => id,
  })
  .map((entries) => new Map(entries.map(([id, bytes]) => [id, Buffer.from(bytes)] as const)));

/** A random record that the given codec can carry. */
export function recordArb(codec: AvlCodec): fc.Arbitrary<AvlRecord> {
  const maxId = IO_LAYOUTS[codec].idBytes === 2 ? 0xffff : 0xff;
  return fc
    .record({
      timestampMs: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      priority: int(0, 2),
      longitude: int(-0x80000000, 0x7fffffff).map((v) => v / 1e7),
      latitude: int(-0x80000000, 0x7fffffff).map((v) => v / 1e7),
      altitude: int(-0x8000, 0x7fff),
      angle: int(0, 0xffff),
      satellites: int(0, 0xff),
      speedKmh: int(0, 0xffff),
      eventIoId: int(0, maxId),
      generationType: int(0, 7),
      io: ioArb(codec),
      ioVariable: codec === CODEC_8E ? variableArb : fc.constant(new Map<number, Buffer>()),
    })
    .map(({ generationType, ...rest }) => (codec === CODEC_16 ? { ...rest, generationType } : rest));
}

export const codecArb = fc.constantFrom<AvlCodec>(CODEC_8, CODEC_8E, CODEC_16);

/** A random packet of 0..4 records for a random codec. */
export const packetArb: fc.Arbitrary<AvlPacket> = codecArb.chain((codec) =>
  fc.array(recordArb(codec), { maxLength: 4 }).map((records) => ({ codec, records })),
);

export type Mutation =
  | { kind: 'flip'; at: number; mask: number }
  | { kind: 'insert'; at: number; byte: number }
  | { kind: 'delete'; at: number }
  | { kind: 'truncate'; at: number };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), mask: int(1, 255) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), byte: int(0, 255) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

/** Applies one mutation at a position taken modulo the buffer length. */
export function mutate(buf: Buffer, m: Mutation): Buffer {
  const at = buf.length === 0 ? 0 : m.at % buf.length;
  switch (m.kind) {
    case 'flip': {
      const out = Buffer.from(buf);
      if (out.length > 0) out[at] = (out[at] as number) ^ m.mask;
      return out;
    }
    case 'insert':
      return Buffer.concat([buf.subarray(0, at), Buffer.from([m.byte]), buf.subarray(at)]);
    case 'delete':
      return Buffer.concat([buf.subarray(0, at), buf.subarray(at + 1)]);
    case 'truncate':
      return buf.subarray(0, at);
  }
}
