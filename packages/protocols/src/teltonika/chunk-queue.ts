/** Bytes received but not yet framed, kept as the chunks they arrived in so appends never copy. */
export class ChunkQueue {
  private chunks: Buffer[] = [];
  /** Bytes of chunks[0] already consumed. */
  private head = 0;
  length = 0;

  append(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The byte at position `i` (0 = oldest unconsumed byte); caller ensures i < length. */
  byteAt(i: number): number {
    let pos = i + this.head;
    for (const chunk of this.chunks) {
      if (pos < chunk.length) return chunk[pos] as number;
      pos -= chunk.length;
    }
    throw new RangeError(`byteAt(${i}) beyond ${this.length} buffered bytes`);
  }

  /** Big-endian unsigned integer of `width` bytes at position `i`. */
  uintAt(i: number, width: number): number {
    let value = 0;
    for (let k = 0; k < width; k++) value = value * 256 + this.byteAt(i + k);
    return value;
  }

  /** Removes and returns the oldest `n` bytes as one new buffer; caller ensures n <= length. */
  take(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0] as Buffer;
      const count = Math.min(n - filled, chunk.length - this.head);
      chunk.copy(out, filled, this.head, this.head + count);
      filled += count;
      this.head += count;
      if (this.head === chunk.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    this.length -= n;
    return out;
  }
}
