import { hex, ProtocolError } from '../errors.ts';
import { crc16Ibm } from './crc16.ts';

/**
 * The TCP envelope shared by AVL packets and Codec 12 messages:
 * preamble (4, zero) · data length (4) · data field (codec id … second count) · CRC (4).
 */
export const HEADER_BYTES = 8;
export const CRC_BYTES = 4;
/** Teltonika FMB packets stay near 1280 bytes; 64 KiB leaves headroom and still bounds memory. */
export const DEFAULT_MAX_DATA_LENGTH = 64 * 1024;
/** Codec id plus the two counts: the smallest data field that can exist. */
export const MIN_DATA_LENGTH = 3;

/** Rejects a non-zero preamble; `what` names the frame kind in the message. */
export function checkPreamble(preamble: number, what: string): void {
  if (preamble !== 0) {
    throw new ProtocolError(
      'bad_preamble',
      `Bad preamble in ${what}: expected 00000000, got ${hex(preamble, 8)}`,
      0,
    );
  }
}

/** Rejects a declared data length that is larger than allowed or too small to hold a data field. */
export function checkDataLength(dataLength: number, maxDataLength: number, what: string): void {
  if (dataLength > maxDataLength) {
    throw new ProtocolError(
      'length_exceeded',
      `Declared data length ${dataLength} of ${what} exceeds the maximum of ${maxDataLength} bytes`,
      4,
    );
  }
  if (dataLength < MIN_DATA_LENGTH) {
    throw new ProtocolError(
      'length_mismatch',
      `Declared data length ${dataLength} of ${what} is below the minimum of ${MIN_DATA_LENGTH} bytes (codec id and two counts)`,
      4,
    );
  }
}

/**
 * Checks preamble, declared length and total size of a complete TCP frame and returns the data
 * length. The buffer must hold exactly one frame.
 */
export function checkEnvelope(buf: Buffer, maxDataLength: number, what: string): number {
  if (buf.length < HEADER_BYTES) {
    throw new ProtocolError(
      'truncated',
      `Truncated ${what}: header needs ${HEADER_BYTES} bytes, got ${buf.length}`,
      buf.length,
    );
  }
  checkPreamble(buf.readUInt32BE(0), what);
  const dataLength = buf.readUInt32BE(4);
  checkDataLength(dataLength, maxDataLength, what);
  const total = HEADER_BYTES + dataLength + CRC_BYTES;
  if (buf.length < total) {
    throw new ProtocolError(
      'truncated',
      `Truncated ${what}: declared data length ${dataLength} needs ${total} bytes in total, got ${buf.length}`,
      buf.length,
    );
  }
  if (buf.length > total) {
    throw new ProtocolError(
      'trailing_bytes',
      `${buf.length - total} unexpected byte(s) after the CRC of ${what}`,
      total,
    );
  }
  return dataLength;
}

/** Checks the CRC field: upper two bytes zero, lower two the CRC-16/IBM of the data field. */
export function checkCrc(buf: Buffer, dataLength: number, what: string): void {
  const at = HEADER_BYTES + dataLength;
  const field = buf.readUInt32BE(at);
  if (field > 0xffff) {
    throw new ProtocolError(
      'bad_crc',
      `Bad CRC field in ${what}: upper two bytes must be zero, got ${hex(field, 8)}`,
      at,
    );
  }
  const computed = crc16Ibm(buf, HEADER_BYTES, at);
  if (field !== computed) {
    throw new ProtocolError(
      'bad_crc',
      `CRC mismatch in ${what}: frame carries ${hex(field, 4)}, data field gives ${hex(computed, 4)}`,
      at,
    );
  }
}

/** Wraps a data field (codec id … second count) in preamble, length and CRC. */
export function wrapEnvelope(dataField: Buffer): Buffer {
  const out = Buffer.alloc(HEADER_BYTES + dataField.length + CRC_BYTES);
  out.writeUInt32BE(dataField.length, 4);
  dataField.copy(out, HEADER_BYTES);
  out.writeUInt32BE(crc16Ibm(dataField), HEADER_BYTES + dataField.length);
  return out;
}
