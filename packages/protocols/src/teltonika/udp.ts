import { ProtocolError } from '../errors.ts';
import { readAvlData } from './avl-decode.ts';
import { encodeAvlData } from './avl-encode.ts';
import { checkImeiLength, readImeiDigits } from './login.ts';
import { ByteReader } from './reader.ts';
import type { AvlPacket } from './types.ts';

/**
 * A Teltonika UDP datagram: length (2, bytes that follow) · packet id (2) · unused byte (devices
 * send 01; ignored when decoding) · AVL packet id (1) · IMEI length (2) · IMEI · codec id · count ·
 * records · count. No preamble, data length or CRC: UDP's own checksum covers the datagram.
 */
export interface UdpDatagram {
  packetId: number;
  avlPacketId: number;
  imei: string;
  packet: AvlPacket;
}

/** The UDP channel header and the IMEI, read; `reader` stands at the codec id. */
export interface UdpHeader {
  packetId: number;
  avlPacketId: number;
  imei: string;
  reader: ByteReader;
}

/** Checks the declared length and reads the UDP channel header up to the codec id. */
export function readUdpHeader(buf: Buffer): UdpHeader {
  const what = 'UDP datagram';
  if (buf.length < 2) {
    throw new ProtocolError('truncated', `Truncated ${what}: length needs 2 bytes, got ${buf.length}`, 0);
  }
  const length = buf.readUInt16BE(0);
  if (buf.length - 2 < length) {
    throw new ProtocolError(
      'truncated',
      `Truncated ${what}: declared length ${length} needs ${length + 2} bytes in total, got ${buf.length}`,
      buf.length,
    );
  }
  if (buf.length - 2 > length) {
    throw new ProtocolError(
      'trailing_bytes',
      `${buf.length - 2 - length} unexpected byte(s) after the declared length of the ${what}`,
      length + 2,
    );
  }
  const r = new ByteReader(buf, 2, buf.length, what);
  const packetId = r.u16('packet id');
  r.u8('unused byte');
  const avlPacketId = r.u8('AVL packet id');
  const imeiLength = r.u16('IMEI length');
  checkImeiLength(imeiLength, what, r.offset - 2);
  const imeiAt = r.offset;
  r.bytes(imeiLength, 'IMEI');
  const imei = readImeiDigits(buf, imeiAt, imeiLength, `${what} IMEI`);
  return { packetId, avlPacketId, imei, reader: r };
}

/** Rejects bytes left after the data field of a datagram. */
export function checkUdpEnd(r: ByteReader): void {
  if (r.remaining > 0) {
    throw new ProtocolError(
      'trailing_bytes',
      `${r.remaining} unexpected byte(s) after the second record count of the ${r.what}`,
      r.offset,
    );
  }
}

/** Decodes one UDP datagram carrying Codec 8, 8E or 16 records. */
export function decodeUdpDatagram(buf: Buffer): UdpDatagram {
  const { packetId, avlPacketId, imei, reader } = readUdpHeader(buf);
  const packet = readAvlData(reader);
  checkUdpEnd(reader);
  return { packetId, avlPacketId, imei, packet };
}

/** Encodes a UDP datagram as a device sends it (simulator and tests). */
export function encodeUdpDatagram(datagram: UdpDatagram): Buffer {
  return encodeUdpEnvelope(datagram.packetId, datagram.avlPacketId, datagram.imei, encodeAvlData(datagram.packet));
}

/**
 * A data field (AVL or Codec 12) in the UDP channel header: length (2) · packet id (2) · 01 ·
 * AVL packet id · IMEI length (2) · IMEI · data. Throws a RangeError for a field out of range.
 */
export function encodeUdpEnvelope(packetId: number, avlPacketId: number, imei: string, data: Buffer): Buffer {
  if (!/^\d{1,20}$/.test(imei)) throw new RangeError(`IMEI must be 1..20 ASCII digits, got '${imei}'`);
  checkUint(packetId, 0xffff, 'packet id');
  checkUint(avlPacketId, 0xff, 'AVL packet id');
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

export interface UdpAck {
  packetId: number;
  avlPacketId: number;
  accepted: number;
}

/** The server's answer to a datagram: 0005 · packet id · 01 · AVL packet id · number of records accepted. */
export function encodeUdpAck(packetId: number, avlPacketId: number, accepted: number): Buffer {
  checkUint(packetId, 0xffff, 'packet id');
  checkUint(avlPacketId, 0xff, 'AVL packet id');
  checkUint(accepted, 0xff, 'accepted count');
  const out = Buffer.alloc(7);
  out.writeUInt16BE(5, 0);
  out.writeUInt16BE(packetId, 2);
  out.writeUInt8(0x01, 4);
  out.writeUInt8(avlPacketId, 5);
  out.writeUInt8(accepted, 6);
  return out;
}

/** Reads the server's UDP ack (used by the simulator). */
export function decodeUdpAck(buf: Buffer): UdpAck {
  if (buf.length !== 7 || buf.readUInt16BE(0) !== 5) {
    throw new ProtocolError(
      'length_mismatch',
      `UDP ack must be 7 bytes starting with 0005, got ${buf.subarray(0, 16).toString('hex').toUpperCase()}`,
      0,
    );
  }
  return { packetId: buf.readUInt16BE(2), avlPacketId: buf.readUInt8(5), accepted: buf.readUInt8(6) };
}

function checkUint(value: number, max: number, field: string): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${field} must be an integer in 0..${max}, got ${value}`);
  }
}
