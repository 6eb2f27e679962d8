import { hex, ProtocolError } from '../errors.ts';
import { readAvlData } from './avl-decode.ts';
import { isAvlCodec } from './avl-layout.ts';
import { encodeCodec12Data, readCodec12Data } from './codec12.ts';
import { CODEC_12, type Codec12Message } from './types.ts';
import { checkUdpEnd, readUdpHeader, type UdpDatagram } from './udp.ts';

/** A UDP datagram: AVL records, or a Codec 12 command reply in the same channel header. */
export type UdpMessage =
  | ({ kind: 'avl' } & UdpDatagram)
  | { kind: 'codec12'; packetId: number; avlPacketId: number; imei: string; message: Codec12Message };

/** Decodes one UDP datagram carrying either AVL records (Codec 8, 8E, 16) or a Codec 12 message. */
export function decodeUdpMessage(buf: Buffer): UdpMessage {
  const { packetId, avlPacketId, imei, reader } = readUdpHeader(buf);
  if (reader.remaining < 1) {
    throw new ProtocolError('truncated', `Truncated UDP datagram: codec id needs 1 byte at offset ${reader.offset}`, reader.offset);
  }
  const codec = buf.readUInt8(reader.offset);
  if (codec === CODEC_12) {
    const message = readCodec12Data(reader);
    checkUdpEnd(reader);
    return { kind: 'codec12', packetId, avlPacketId, imei, message };
  }
  if (!isAvlCodec(codec)) {
    throw new ProtocolError(
      'unknown_codec',
      `Unknown codec id 0x${hex(codec)} in UDP datagram: expected 0x08, 0x8E, 0x10 or 0x0C`,
      reader.offset,
    );
  }
  const packet = readAvlData(reader);
  checkUdpEnd(reader);
  return { kind: 'avl', packetId, avlPacketId, imei, packet };
}

/**
 * A Codec 12 message in the UDP channel header: length (2) · packet id (2) · 01 · AVL packet id ·
 * IMEI length (2) · IMEI · Codec 12 data field. Devices send replies this way; the server sends
 * commands the same way (see docs/protocols/teltonika.md for why this shape).
 */
export function encodeUdpCodec12(
  packetId: number,
  avlPacketId: number,
  imei: string,
  message: Codec12Message,
): Buffer {
  if (!/^\d{1,20}$/.test(imei)) throw new RangeError(`IMEI must be 1..20 ASCII digits, got '${imei}'`);
  if (!Number.isInteger(packetId) || packetId < 0 || packetId > 0xffff) {
    throw new RangeError(`packet id must be an integer in 0..65535, got ${packetId}`);
  }
  if (!Number.isInteger(avlPacketId) || avlPacketId < 0 || avlPacketId > 0xff) {
    throw new RangeError(`AVL packet id must be an integer in 0..255, got ${avlPacketId}`);
  }
  const data = encodeCodec12Data(message);
  const out = Buffer.alloc(2 + 2 + 1 + 1 + 2 + imei.length + data.length);
  if (out.length - 2 > 0xffff) throw new RangeError(`UDP datagram of ${out.length} bytes is too long`);
  let at = out.writeUInt16BE(out.length - 2, 0);
  at = out.writeUInt16BE(packetId, at);
  at = out.writeUInt8(0x01, at);
  at = out.writeUInt8(avlPacketId, at);
  at = out.writeUInt16BE(imei.length, at);
  at += out.write(imei, at, 'latin1');
  data.copy(out, at);
  return out;
}
