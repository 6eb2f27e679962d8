import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { hexBuf } from './test-fixtures.ts';
import { CODEC_8, CODEC_8E } from './types.ts';
import { decodeUdpAck, decodeUdpDatagram, encodeUdpAck, encodeUdpDatagram, type UdpDatagram } from './udp.ts';

/** A Codec 8 datagram with one record, laid out by hand. */
const HAND_BUILT = hexBuf(
  [
    '0031', //             length: 49 bytes follow
    'CAFE', //             packet id
    '01', //               unused byte (devices send 01)
    '07', //               AVL packet id
    '0005', //             IMEI length: 5
    '3132333435', //       IMEI '12345' in ASCII
    '08', //               codec id: Codec 8
    '01', //               number of data 1
    '0000018BCFE56800', // record timestamp: 1700000000000 ms = 2023-11-14T22:13:20Z
    '00', //               priority: low
    '0E4E1C00', //         longitude: 240000000 ×1e-7 = 24.0
    '1E65FB80', //         latitude: 510000000 ×1e-7 = 51.0
    '0064', //             altitude: 100 m
    '00B4', //             angle: 180°
    '09', //               satellites: 9
    '0032', //             speed: 50 km/h
    'EF', //               event IO id: 239 (ignition)
    '02', //               total IO count: 2
    '01', //               1-byte group: 1 element
    'EF01', //             IO 239 = 1
    '01', //               2-byte group: 1 element
    '4230D4', //           IO 66 = 0x30D4 = 12500 mV
    '00', //               4-byte group: none
    '00', //               8-byte group: none
    '01', //               number of data 2
  ].join(''),
);

describe('Teltonika UDP', () => {
  it('decodes a hand-built datagram field by field', () => {
    const datagram = decodeUdpDatagram(HAND_BUILT);
    expect(datagram).toMatchObject({ packetId: 0xcafe, avlPacketId: 7, imei: '12345' });
    expect(datagram.packet.codec).toBe(CODEC_8);
    expect(datagram.packet.records).toEqual([
      {
        timestampMs: 1_700_000_000_000,
        priority: 0,
        longitude: 24,
        latitude: 51,
        altitude: 100,
        angle: 180,
        satellites: 9,
        speedKmh: 50,
        eventIoId: 239,
        io: new Map([
          [239, { size: 1, value: 1 }],
          [66, { size: 2, value: 12500 }],
        ]),
        ioVariable: new Map(),
      },
    ]);
  });

  it('re-encodes the hand-built datagram byte-exact', () => {
    expect(encodeUdpDatagram(decodeUdpDatagram(HAND_BUILT)).toString('hex')).toBe(HAND_BUILT.toString('hex'));
  });

  it('decodes the vendor UDP example (Codec page) and answers it as the vendor shows', () => {
    const vendor = hexBuf(
      '003DCAFE0105000F33353230393330383634303336353508010000016B4F815B30010000000000000000000000000000000103021503010101425DBC000001',
    );
    const datagram = decodeUdpDatagram(vendor);
    expect(datagram).toMatchObject({ packetId: 0xcafe, avlPacketId: 5, imei: '352093086403655' });
    expect(datagram.packet.records).toHaveLength(1);
    const ack = encodeUdpAck(datagram.packetId, datagram.avlPacketId, datagram.packet.records.length);
    expect(ack.toString('hex').toUpperCase()).toBe('0005CAFE010501');
    expect(decodeUdpAck(ack)).toEqual({ packetId: 0xcafe, avlPacketId: 5, accepted: 1 });
  });

  it('round-trips a Codec 8E datagram with a variable-length value', () => {
    const datagram: UdpDatagram = {
      packetId: 1,
      avlPacketId: 255,
      imei: '356307042441013',
      packet: {
        codec: CODEC_8E,
        records: [
          {
            timestampMs: 5,
            priority: 1,
            longitude: -0.1,
            latitude: 0.1,
            altitude: -1,
            angle: 1,
            satellites: 0,
            speedKmh: 0,
            eventIoId: 300,
            io: new Map([[300, { size: 8, value: 2n ** 63n }]]),
            ioVariable: new Map([[256, Buffer.from('VIN')]]),
          },
        ],
      },
    };
    expect(decodeUdpDatagram(encodeUdpDatagram(datagram))).toEqual(datagram);
  });

  it.each([
    ['00', 'truncated', 'Truncated UDP datagram: length needs 2 bytes, got 1'],
    ['0031CAFE', 'truncated', 'Truncated UDP datagram: declared length 49 needs 51 bytes in total, got 4'],
    [
      `${HAND_BUILT.toString('hex')}00`,
      'trailing_bytes',
      '1 unexpected byte(s) after the declared length of the UDP datagram',
    ],
    [
      '0003CAFE01',
      'truncated',
      'Truncated UDP datagram: AVL packet id needs 1 byte(s) at offset 5, only 0 left',
    ],
    ['0006CAFE01070000', 'bad_imei', 'UDP datagram declares IMEI length 0: expected 1..20 digits'],
    ['0007CAFE010700013F', 'bad_imei', 'UDP datagram IMEI holds a non-digit byte 0x3F at offset 8'],
    ['0008CAFE01070001310D', 'unknown_codec', 'Unknown codec id 0x0D: expected 0x08, 0x8E or 0x10'],
    [
      '000ACAFE0107000131080002',
      'count_mismatch',
      'Record count mismatch: number of data 1 is 0, number of data 2 is 2',
    ],
    [
      '000BCAFE010700013108000000',
      'trailing_bytes',
      '1 unexpected byte(s) after the second record count of the UDP datagram',
    ],
  ])('rejects %s with %s', (hex, code, message) => {
    expect(() => decodeUdpDatagram(hexBuf(hex))).toThrow(ProtocolError);
    expect(() => decodeUdpDatagram(hexBuf(hex))).toThrow(expect.objectContaining({ code, message }));
  });

  it('checks the ack arguments', () => {
    expect(() => encodeUdpAck(0x10000, 0, 0)).toThrow(RangeError);
    expect(() => decodeUdpAck(hexBuf('0004CAFE0105'))).toThrow(ProtocolError);
  });
});
