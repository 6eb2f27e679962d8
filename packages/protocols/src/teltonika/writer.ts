/** Growable big-endian byte sink for encoders. Range errors here are caller bugs, not bad input. */
export class ByteWriter {
  private readonly bytes: number[] = [];

  u8(value: number, field: string): this {
    return this.uint(value, 1, field);
  }
  u16(value: number, field: string): this {
    return this.uint(value, 2, field);
  }
  u32(value: number, field: string): this {
    return this.uint(value, 4, field);
  }
  i16(value: number, field: string): this {
    checkInt(value, -0x8000, 0x7fff, field);
    return this.uint(value & 0xffff, 2, field);
  }
  i32(value: number, field: string): this {
    checkInt(value, -0x80000000, 0x7fffffff, field);
    return this.uint(value >>> 0, 4, field);
  }
  u64(value: bigint, field: string): this {
    if (value < 0n || value > 0xffffffffffffffffn) {
      throw new RangeError(`${field} must fit in 8 unsigned bytes, got ${value}`);
    }
    for (let shift = 56n; shift >= 0n; shift -= 8n) this.bytes.push(Number((value >> shift) & 0xffn));
    return this;
  }
  raw(data: Uint8Array): this {
    for (const b of data) this.bytes.push(b);
    return this;
  }
  toBuffer(): Buffer {
    return Buffer.from(this.bytes);
  }

  private uint(value: number, width: 1 | 2 | 4, field: string): this {
    checkInt(value, 0, 2 ** (8 * width) - 1, field);
    for (let i = width - 1; i >= 0; i--) this.bytes.push(Math.floor(value / 2 ** (8 * i)) & 0xff);
    return this;
  }
}

function checkInt(value: number, min: number, max: number, field: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${field} must be an integer in ${min}..${max}, got ${value}`);
  }
}
