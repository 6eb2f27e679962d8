import { hex, ProtocolError } from '../errors.ts';
import { checkCrc, checkEnvelope, DEFAULT_MAX_DATA_LENGTH, HEADER_BYTES, wrapEnvelope } from './envelope.ts';
import { CODEC_13, type Codec13Message } from './types.ts';

/** The vendor's Codec 13 type: always 0x06 (device → server). */
const TYPE_RESPONSE = 0x06;
/** Older firmware (and frames recorded from the field) send 0x05 here; the layout is the same. */
const TYPE_LEGACY = 0x05;
/** A first timestamp word below this is the upper half of an 8-byte millisecond timestamp. */
const WIDE_TIMESTAMP_BELOW = 0x10000;
/** codec id, quantity 1, type, size (4), timestamp (4), …text…, quantity 2. */
const OVERHEAD = 1 + 1 + 1 + 4 + 4 + 1;

/** Encodes a Codec 13 message as a device sends it (simulator and tests); the timestamp is cut to whole seconds. */
export function encodeCodec13(message: Codec13Message): Buffer {
  if (/[\u0100-\uffff]/.test(message.text)) {
    throw new RangeError(`Codec 13 text must be latin1, got '${message.text}'`);
  }
  const seconds = Math.floor(message.timestampMs / 1000);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 0xffffffff) {
    throw new RangeError(`Codec 13 timestamp must fit 4 bytes of seconds, got ${message.timestampMs} ms`);
  }
  const text = Buffer.from(message.text, 'latin1');
  const field = Buffer.alloc(OVERHEAD + text.length);
  let at = field.writeUInt8(CODEC_13, 0);
  at = field.writeUInt8(1, at);
  at = field.writeUInt8(TYPE_RESPONSE, at);
  // The vendor's size counts the timestamp as well as the text.
  at = field.writeUInt32BE(4 + text.length, at);
  at = field.writeUInt32BE(seconds, at);
  at += text.copy(field, at);
  field.writeUInt8(1, at);
  return wrapEnvelope(field);
}

/**
 * Decodes one complete Codec 13 frame. The size field is accepted both as the vendor defines it
 * (timestamp + text) and as some firmware sends it (text only): the envelope's data length, which
 * the CRC covers, is what fixes where the text ends.
 */
export function decodeCodec13(buf: Buffer, options: { maxDataLength?: number } = {}): Codec13Message {
  const what = 'Codec 13 message';
  const dataLength = checkEnvelope(buf, options.maxDataLength ?? DEFAULT_MAX_DATA_LENGTH, what);
  const codec = buf.readUInt8(HEADER_BYTES);
  if (codec !== CODEC_13) {
    throw new ProtocolError('unknown_codec', `Unknown codec id 0x${hex(codec)}: expected 0x0D`, HEADER_BYTES);
  }
  if (dataLength < OVERHEAD) {
    throw new ProtocolError(
      'length_mismatch',
      `Declared data length ${dataLength} of ${what} is below the minimum of ${OVERHEAD} bytes`,
      4,
    );
  }
  const quantity1 = buf.readUInt8(HEADER_BYTES + 1);
  const quantity2 = buf.readUInt8(HEADER_BYTES + dataLength - 1);
  if (quantity1 !== quantity2) {
    throw new ProtocolError(
      'count_mismatch',
      `Codec 13 quantity mismatch: quantity 1 is ${quantity1}, quantity 2 is ${quantity2}`,
      HEADER_BYTES + dataLength - 1,
    );
  }
  checkCrc(buf, dataLength, what);
  const typeByte = buf.readUInt8(HEADER_BYTES + 2);
  if (typeByte !== TYPE_RESPONSE && typeByte !== TYPE_LEGACY) {
    throw new ProtocolError(
      'unknown_message_type',
      `Unknown Codec 13 message type 0x${hex(typeByte)}: expected 0x06 (or 0x05 from older firmware)`,
      HEADER_BYTES + 2,
    );
  }
  const textLength = dataLength - OVERHEAD;
  const size = buf.readUInt32BE(HEADER_BYTES + 3);
  if (size !== textLength + 4 && size !== textLength) {
    throw new ProtocolError(
      'length_mismatch',
      `Codec 13 size ${size} does not match declared data length ${dataLength} (expected ${textLength + 4}, timestamp and text)`,
      HEADER_BYTES + 3,
    );
  }
  const at = HEADER_BYTES + 7;
  const seconds = buf.readUInt32BE(at);
  // Some firmware sends an 8-byte millisecond timestamp instead (as in AVL records). Its upper
  // word stays below 0x10000 until the year 10889, while 4-byte seconds that small would be
  // 1 January 1970: so a small first word means the wide form.
  if (seconds < WIDE_TIMESTAMP_BELOW && textLength >= 4) {
    const ms = Number(buf.readBigUInt64BE(at));
    return { timestampMs: ms, text: buf.toString('latin1', at + 8, at + 4 + textLength) };
  }
  return { timestampMs: seconds * 1000, text: buf.toString('latin1', at + 4, at + 4 + textLength) };
}
