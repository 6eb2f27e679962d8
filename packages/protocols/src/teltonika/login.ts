import { ProtocolError } from '../errors.ts';

export const MAX_IMEI_LENGTH = 20;

/** Checks a declared IMEI length as soon as its two bytes arrive, before the digits are buffered. */
export function checkImeiLength(length: number, what = 'IMEI login', offset = 0): void {
  if (length < 1 || length > MAX_IMEI_LENGTH) {
    throw new ProtocolError(
      'bad_imei',
      `${what} declares IMEI length ${length}: expected 1..${MAX_IMEI_LENGTH} digits`,
      offset,
    );
  }
}

/** Parses the first frame of a TCP connection: 2-byte big-endian length, then the IMEI in ASCII digits. */
export function parseImeiLogin(buf: Buffer): string {
  if (buf.length < 2) {
    throw new ProtocolError('truncated', `Truncated IMEI login: length needs 2 bytes, got ${buf.length}`, 0);
  }
  const length = buf.readUInt16BE(0);
  checkImeiLength(length);
  if (buf.length < 2 + length) {
    throw new ProtocolError(
      'truncated',
      `Truncated IMEI login: declared ${length} digits, got ${buf.length - 2}`,
      buf.length,
    );
  }
  if (buf.length > 2 + length) {
    throw new ProtocolError(
      'trailing_bytes',
      `${buf.length - 2 - length} unexpected byte(s) after the IMEI login`,
      2 + length,
    );
  }
  return readImeiDigits(buf, 2, length, 'IMEI login');
}

/** Reads `length` ASCII digits at `start`, rejecting anything else with the offending offset. */
export function readImeiDigits(buf: Buffer, start: number, length: number, what: string): string {
  for (let i = start; i < start + length; i++) {
    const b = buf[i] as number;
    if (b < 0x30 || b > 0x39) {
      throw new ProtocolError(
        'bad_imei',
        `${what} holds a non-digit byte 0x${b.toString(16).toUpperCase().padStart(2, '0')} at offset ${i}`,
        i,
      );
    }
  }
  return buf.toString('latin1', start, start + length);
}

/** Encodes the IMEI login frame a device sends first. */
export function encodeImeiLogin(imei: string): Buffer {
  if (!/^\d{1,20}$/.test(imei)) throw new RangeError(`IMEI must be 1..20 ASCII digits, got '${imei}'`);
  const out = Buffer.alloc(2 + imei.length);
  out.writeUInt16BE(imei.length, 0);
  out.write(imei, 2, 'latin1');
  return out;
}

/** The server's one-byte answer to an IMEI login: 01 accept, 00 refuse. */
export function encodeImeiReply(accept: boolean): Buffer {
  return Buffer.from([accept ? 1 : 0]);
}

/** The server's answer to an AVL packet: number of accepted records, 4 bytes big-endian. */
export function encodeAck(count: number): Buffer {
  if (!Number.isInteger(count) || count < 0 || count > 0xffffffff) {
    throw new RangeError(`ack count must be an integer in 0..4294967295, got ${count}`);
  }
  const out = Buffer.alloc(4);
  out.writeUInt32BE(count, 0);
  return out;
}

/** Reads the server's 4-byte ack (used by the simulator). */
export function decodeAck(buf: Buffer): number {
  if (buf.length !== 4) {
    throw new ProtocolError('length_mismatch', `AVL ack must be 4 bytes, got ${buf.length}`, 0);
  }
  return buf.readUInt32BE(0);
}
