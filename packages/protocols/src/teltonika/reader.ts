import { ProtocolError } from '../errors.ts';

/**
 * Bounds-checked big-endian cursor over a buffer. Every read names the field it reads so that a
 * short buffer fails with a 'truncated' error that says which field ran out, never a RangeError.
 */
export class ByteReader {
  offset: number;
  /** Prepended to field names in messages, e.g. 'record 2 '. */
  context = '';

  constructor(
    readonly buf: Buffer,
    start = 0,
    readonly end = buf.length,
    /** Prefix for messages, e.g. 'AVL packet' or 'UDP datagram'. */
    readonly what = 'packet',
  ) {
    this.offset = start;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private need(n: number, field: string): number {
    if (this.remaining < n) {
      throw new ProtocolError(
        'truncated',
        `Truncated ${this.what}: ${this.context}${field} needs ${n} byte(s) at offset ${this.offset}, only ${this.remaining} left`,
        this.offset,
      );
    }
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(field: string): number {
    return this.buf.readUInt8(this.need(1, field));
  }
  u16(field: string): number {
    return this.buf.readUInt16BE(this.need(2, field));
  }
  i16(field: string): number {
    return this.buf.readInt16BE(this.need(2, field));
  }
  u32(field: string): number {
    return this.buf.readUInt32BE(this.need(4, field));
  }
  i32(field: string): number {
    return this.buf.readInt32BE(this.need(4, field));
  }
  u64(field: string): bigint {
    return this.buf.readBigUInt64BE(this.need(8, field));
  }
  /** A copy, so that decoded values do not pin (or alias) the caller's network buffer. */
  bytes(n: number, field: string): Buffer {
    const at = this.need(n, field);
    return Buffer.from(this.buf.subarray(at, at + n));
  }
}
