import { hex, ProtocolError } from '../errors.ts';
import { checkCrc, checkEnvelope, DEFAULT_MAX_DATA_LENGTH, HEADER_BYTES, wrapEnvelope } from './envelope.ts';
import type { ByteReader } from './reader.ts';
import { CODEC_12, type Codec12Message } from './types.ts';

const TYPE_COMMAND = 0x05;
const TYPE_RESPONSE = 0x06;
/** codec id, quantity 1, type, size (4), …text…, quantity 2. */
const OVERHEAD = 1 + 1 + 1 + 4 + 1;

/** Encodes a Codec 12 message; commands go server → device, responses device → server. */
export function encodeCodec12(message: Codec12Message): Buffer {
  return wrapEnvelope(encodeCodec12Data(message));
}

/** The Codec 12 data field alone (codec id … quantity 2), as a UDP datagram carries it. */
export function encodeCodec12Data(message: Codec12Message): Buffer {
  const text = Buffer.from(message.text, 'latin1');
  if (/[\u0080-\uffff]/.test(message.text)) {
    throw new RangeError(`Codec 12 ${message.type} must be ASCII, got '${message.text}'`);
  }
  const field = Buffer.alloc(OVERHEAD + text.length);
  field.writeUInt8(CODEC_12, 0);
  field.writeUInt8(1, 1);
  field.writeUInt8(message.type === 'command' ? TYPE_COMMAND : TYPE_RESPONSE, 2);
  field.writeUInt32BE(text.length, 3);
  text.copy(field, 7);
  field.writeUInt8(1, 7 + text.length);
  return field;
}

/**
 * Reads a Codec 12 data field without envelope (codec id, quantity, type, size, text, quantity)
 * as UDP carries it, from the reader's offset to the second quantity.
 */
export function readCodec12Data(r: ByteReader): Codec12Message {
  const codecAt = r.offset;
  const codec = r.u8('codec id');
  if (codec !== CODEC_12) {
    throw new ProtocolError('unknown_codec', `Unknown codec id 0x${hex(codec)}: expected 0x0C`, codecAt);
  }
  const quantity1 = r.u8('quantity 1');
  const typeAt = r.offset;
  const typeByte = r.u8('message type');
  if (typeByte !== TYPE_COMMAND && typeByte !== TYPE_RESPONSE) {
    throw new ProtocolError(
      'unknown_message_type',
      `Unknown Codec 12 message type 0x${hex(typeByte)}: expected 0x05 (command) or 0x06 (response)`,
      typeAt,
    );
  }
  const size = r.u32('text size');
  const text = r.bytes(size, 'text').toString('latin1');
  const quantity2 = r.u8('quantity 2');
  if (quantity1 !== quantity2) {
    throw new ProtocolError(
      'count_mismatch',
      `Codec 12 quantity mismatch: quantity 1 is ${quantity1}, quantity 2 is ${quantity2}`,
      r.offset - 1,
    );
  }
  return { type: typeByte === TYPE_COMMAND ? 'command' : 'response', text };
}

/** Encodes a GPRS command such as 'getinfo' or 'setdigout 1' for a device. */
export function encodeCodec12Command(command: string): Buffer {
  return encodeCodec12({ type: 'command', text: command });
}

/** Encodes a device's reply to a command (used by the simulator). */
export function encodeCodec12Response(reply: string): Buffer {
  return encodeCodec12({ type: 'response', text: reply });
}

/** Decodes one complete Codec 12 frame, either a command (0x05) or a response (0x06). */
export function decodeCodec12(buf: Buffer, options: { maxDataLength?: number } = {}): Codec12Message {
  const what = 'Codec 12 message';
  const dataLength = checkEnvelope(buf, options.maxDataLength ?? DEFAULT_MAX_DATA_LENGTH, what);
  const codec = buf.readUInt8(HEADER_BYTES);
  if (codec !== CODEC_12) {
    throw new ProtocolError('unknown_codec', `Unknown codec id 0x${hex(codec)}: expected 0x0C`, HEADER_BYTES);
  }
  const quantity1 = buf.readUInt8(HEADER_BYTES + 1);
  const quantity2 = buf.readUInt8(HEADER_BYTES + dataLength - 1);
  if (quantity1 !== quantity2) {
    throw new ProtocolError(
      'count_mismatch',
      `Codec 12 quantity mismatch: quantity 1 is ${quantity1}, quantity 2 is ${quantity2}`,
      HEADER_BYTES + dataLength - 1,
    );
  }
  if (dataLength < OVERHEAD) {
    throw new ProtocolError(
      'length_mismatch',
      `Declared data length ${dataLength} of ${what} is below the minimum of ${OVERHEAD} bytes`,
      4,
    );
  }
  checkCrc(buf, dataLength, what);
  const typeByte = buf.readUInt8(HEADER_BYTES + 2);
  if (typeByte !== TYPE_COMMAND && typeByte !== TYPE_RESPONSE) {
    throw new ProtocolError(
      'unknown_message_type',
      `Unknown Codec 12 message type 0x${hex(typeByte)}: expected 0x05 (command) or 0x06 (response)`,
      HEADER_BYTES + 2,
    );
  }
  const size = buf.readUInt32BE(HEADER_BYTES + 3);
  if (size !== dataLength - OVERHEAD) {
    throw new ProtocolError(
      'length_mismatch',
      `Codec 12 text size ${size} does not match declared data length ${dataLength} (expected ${dataLength - OVERHEAD})`,
      HEADER_BYTES + 3,
    );
  }
  const start = HEADER_BYTES + 7;
  return {
    type: typeByte === TYPE_COMMAND ? 'command' : 'response',
    text: buf.toString('latin1', start, start + size),
  };
}
