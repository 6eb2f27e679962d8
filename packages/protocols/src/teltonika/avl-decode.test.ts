import { describe, expect, it } from 'vitest';
import { decodeAvlPacket } from './avl-decode.ts';
import { encodeAvlPacket } from './avl-encode.ts';
import { hexBuf, VENDOR_CODEC8, VENDOR_CODEC8E, VENDOR_CODEC16 } from './test-fixtures.ts';
import { CODEC_8, CODEC_8E, CODEC_16 } from './types.ts';

const zeroGps = { priority: 1, longitude: 0, latitude: 0, altitude: 0, angle: 0, satellites: 0, speedKmh: 0 };

describe('decodeAvlPacket on the vendor examples', () => {
  it('decodes every field and IO value of the Codec 8 example', () => {
    const packet = decodeAvlPacket(VENDOR_CODEC8);
    expect(packet.codec).toBe(CODEC_8);
    expect(packet.records).toHaveLength(1);
    const [record] = packet.records;
    expect(record).toEqual({
      timestampMs: 0x16b40d8ea30,
      ...zeroGps,
      eventIoId: 1,
      io: new Map([
        [21, { size: 1, value: 3 }],
        [1, { size: 1, value: 1 }],
        [66, { size: 2, value: 0x5e0f }],
        [241, { size: 4, value: 0x601a }],
        [78, { size: 8, value: 0n }],
      ]),
      ioVariable: new Map(),
    });
    expect(new Date(record?.timestampMs ?? 0).toISOString()).toBe('2019-06-10T10:04:46.000Z');
    expect(record && 'generationType' in record).toBe(false);
  });

  it('decodes every field and IO value of the Codec 8 Extended example', () => {
    const packet = decodeAvlPacket(VENDOR_CODEC8E);
    expect(packet.codec).toBe(CODEC_8E);
    expect(packet.records).toEqual([
      {
        timestampMs: 0x16b412cee00,
        ...zeroGps,
        eventIoId: 1,
        io: new Map([
          [1, { size: 1, value: 1 }],
          [0x11, { size: 2, value: 0x1d }],
          [0x10, { size: 4, value: 0x015e2c88 }],
          [0x0b, { size: 8, value: 0x3544c87an }],
          [0x0e, { size: 8, value: 0x1dd7e06an }],
        ]),
        ioVariable: new Map(),
      },
    ]);
  });

  it('decodes the two-record Codec 16 example with its generation type', () => {
    const packet = decodeAvlPacket(VENDOR_CODEC16);
    expect(packet.codec).toBe(CODEC_16);
    expect(packet.records.map((r) => [r.timestampMs, r.priority, r.eventIoId, r.generationType])).toEqual([
      [0x16bdbc78330, 0, 11, 5],
      [0x16bdbc78718, 0, 11, 5],
    ]);
    expect([...(packet.records[1]?.io ?? [])]).toEqual([
      [1, { size: 1, value: 0 }],
      [3, { size: 1, value: 0 }],
      [11, { size: 2, value: 0x26 }],
      [66, { size: 2, value: 0x563a }],
    ]);
  });

  it.each([
    ['Codec 8', VENDOR_CODEC8],
    ['Codec 8E', VENDOR_CODEC8E],
    ['Codec 16', VENDOR_CODEC16],
  ])('re-encodes the %s example to identical bytes', (_name, frame) => {
    expect(encodeAvlPacket(decodeAvlPacket(frame)).toString('hex')).toBe(frame.toString('hex'));
  });

  it('reads signed coordinates and altitude (south-west, below sea level)', () => {
    const frame = encodeAvlPacket({
      codec: CODEC_8,
      records: [
        {
          timestampMs: 1_700_000_000_000,
          priority: 2,
          longitude: -58.3815591,
          latitude: -34.6037232,
          altitude: -28,
          angle: 359,
          satellites: 12,
          speedKmh: 87,
          eventIoId: 0,
          io: new Map(),
          ioVariable: new Map(),
        },
      ],
    });
    // longitude -58.3815591 ×1e7 = -583815591 = 0xDD33AE59 as int32 (two's complement)
    expect(frame.subarray(19, 23).toString('hex')).toBe('dd33ae59');
    const [record] = decodeAvlPacket(frame).records;
    expect(record).toMatchObject({
      longitude: -58.3815591,
      latitude: -34.6037232,
      altitude: -28,
      priority: 2,
    });
  });

  it('carries Codec 8E variable-length values such as a VIN (IO 256)', () => {
    const vin = Buffer.from('WVWZZZ1JZXW000001', 'ascii');
    const frame = encodeAvlPacket({
      codec: CODEC_8E,
      records: [
        { timestampMs: 1, ...zeroGps, eventIoId: 256, io: new Map(), ioVariable: new Map([[256, vin]]) },
      ],
    });
    const decoded = decodeAvlPacket(frame).records[0];
    expect(decoded?.ioVariable.get(256)?.toString('ascii')).toBe('WVWZZZ1JZXW000001');
  });

  it('accepts a packet with zero records', () => {
    // data length 3: codec id 08, count 00, count 00
    const frame = encodeAvlPacket({ codec: CODEC_8, records: [] });
    expect(frame.subarray(0, 11).toString('hex')).toBe(hexBuf('0000000000000003080000').toString('hex'));
    expect(decodeAvlPacket(frame)).toEqual({ codec: CODEC_8, records: [] });
  });
});
