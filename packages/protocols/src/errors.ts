/** Why a frame or request was rejected; stable strings that callers may switch on and log. */
export type ProtocolErrorCode =
  | 'truncated'
  | 'trailing_bytes'
  | 'bad_preamble'
  | 'length_exceeded'
  | 'unknown_codec'
  | 'count_mismatch'
  | 'bad_crc'
  | 'bad_imei'
  | 'io_count_mismatch'
  | 'duplicate_io_id'
  | 'bad_timestamp'
  | 'length_mismatch'
  | 'unknown_message_type'
  | 'missing_field'
  | 'invalid_field'
  | 'out_of_range'
  | 'bad_json';

/** The only error a decoder throws for bad input; `message` says what was wrong in plain words. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  readonly code: ProtocolErrorCode;
  /** Byte offset in the decoded buffer where the problem was found, when it is about bytes. */
  readonly offset: number | undefined;

  constructor(code: ProtocolErrorCode, message: string, offset?: number) {
    super(message);
    this.code = code;
    this.offset = offset;
  }
}

/** Uppercase hex of an unsigned integer padded to `width` digits, for error messages. */
export function hex(value: number, width = 2): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}
