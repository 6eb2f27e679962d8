import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { VENDOR_CODEC8E } from './test-fixtures.ts';
import { decodeAvlPacket } from './avl-decode.ts';
import { decodeUdpDatagram, encodeUdpDatagram } from './udp.ts';
import { decodeUdpMessage, encodeUdpCodec12 } from './udp-command.ts';

const IMEI = '352093081452251';

describe('Codec 12 in the UDP envelope', () => {
  it('round-trips a reply and a command, with packet ids and IMEI', () => {
    const reply = encodeUdpCodec12(0xcafe, 7, IMEI, { type: 'response', text: 'Ver:03.27.07' });
    expect(decodeUdpMessage(reply)).toEqual({
      kind: 'codec12', packetId: 0xcafe, avlPacketId: 7, imei: IMEI, message: { type: 'response', text: 'Ver:03.27.07' },
    });
    expect(decodeUdpMessage(encodeUdpCodec12(1, 0, IMEI, { type: 'command', text: 'getver' }))).toMatchObject({
      kind: 'codec12', message: { type: 'command', text: 'getver' },
    });
  });

  it('lays the reply out as header · IMEI · Codec 12 data field, with no envelope or CRC', () => {
    const bytes = encodeUdpCodec12(1, 2, '1', { type: 'response', text: 'ok' });
    expect(bytes.toString('hex')).toBe('0011' + '0001' + '01' + '02' + '0001' + '31' + '0c' + '01' + '06' + '00000002' + '6f6b' + '01');
  });

  it('still decodes AVL datagrams, as decodeUdpDatagram does', () => {
    const packet = decodeAvlPacket(VENDOR_CODEC8E);
    const bytes = encodeUdpDatagram({ packetId: 5, avlPacketId: 6, imei: IMEI, packet });
    expect(decodeUdpMessage(bytes)).toEqual({ kind: 'avl', ...decodeUdpDatagram(bytes) });
  });

  it('rejects a reply with a bad type, a short text, disagreeing quantities, trailing bytes or another codec', () => {
    const good = encodeUdpCodec12(1, 2, IMEI, { type: 'response', text: 'ok' });
    const at = 8 + IMEI.length;
    const cases: [Buffer, string][] = [
      [Buffer.from(good).fill(0x07, at + 2, at + 3), 'Unknown Codec 12 message type 0x07: expected 0x05 (command) or 0x06 (response)'],
      [Buffer.from(good).fill(0x02, good.length - 1), 'Codec 12 quantity mismatch: quantity 1 is 1, quantity 2 is 2'],
      [Buffer.from(good).fill(0x99, at, at + 1), 'Unknown codec id 0x99 in UDP datagram: expected 0x08, 0x8E, 0x10 or 0x0C'],
    ];
    const long = Buffer.from(good);
    long.writeUInt32BE(9, at + 3);
    cases.push([long, `Truncated UDP datagram: text needs 9 byte(s) at offset ${at + 7}, only 3 left`]);
    const trailing = Buffer.concat([good, Buffer.from([0])]);
    trailing.writeUInt16BE(trailing.length - 2, 0);
    cases.push([trailing, '1 unexpected byte(s) after the second record count of the UDP datagram']);
    for (const [bytes, message] of cases) {
      expect(() => decodeUdpMessage(bytes)).toThrow(ProtocolError);
      expect(() => decodeUdpMessage(bytes)).toThrow(message);
    }
  });
});
