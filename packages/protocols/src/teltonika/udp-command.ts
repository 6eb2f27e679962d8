import { hex, ProtocolError } from '../errors.ts';
import { readAvlData } from './avl-decode.ts';
import { isAvlCodec } from './avl-layout.ts';
import { encodeCodec12Data, readCodec12Data } from './codec12.ts';
import { CODEC_12, type Codec12Message } from './types.ts';
import { checkUdpEnd, encodeUdpEnvelope, readUdpHeader, type UdpDatagram } from './udp.ts';

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
  return encodeUdpEnvelope(packetId, avlPacketId, imei, encodeCodec12Data(message));
}
