import { hex, ProtocolError } from '../errors.ts';

/** Default largest frame accepted, start to stop bits; the manuals' longest packets are a few hundred bytes. */
export const GT06_DEFAULT_MAX_FRAME = 2048;

/** Short frame: 78 78, one length byte. Long frame: 79 79, two length bytes. Both end 0D 0A. */
const SHORT = 0x78;
const LONG = 0x79;
/** Protocol number, serial number and CRC: the least a length can cover. */
const MIN_LENGTH = 5;

/** Start bits, length bytes and stop bits of a frame with this start byte. */
export function frameOverhead(start: number): number {
  return start === LONG ? 2 + 2 + 2 : 2 + 1 + 2;
}

/**
 * Splits a GT06 TCP byte stream into frames (start bits through stop bits, not yet CRC-checked:
 * decodeGt06Frame does that, so a frame with a bad CRC can be discarded as the manual says while
 * the stream goes on). A wrong start or stop, a length below the minimum or a frame over the
 * limit leaves the stream unframeable: the ProtocolError is thrown again on every later push.
 */
export class Gt06Framer {
  private buf: Buffer = Buffer.alloc(0);
  private failure: ProtocolError | undefined;
  private readonly maxFrame: number;

  constructor(options: { maxFrameBytes?: number } = {}) {
    this.maxFrame = options.maxFrameBytes ?? GT06_DEFAULT_MAX_FRAME;
  }

  /** Bytes received but not yet returned as a frame. */
  get buffered(): number {
    return this.buf.length;
  }

  /** The complete frames now available, in order. */
  push(chunk: Buffer): Buffer[] {
    if (this.failure) throw this.failure;
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const frames: Buffer[] = [];
    try {
      let at = 0;
      for (;;) {
        const size = this.frameSize(at);
        if (size === undefined) break;
        frames.push(Buffer.from(this.buf.subarray(at, at + size)));
        at += size;
      }
      this.buf = at === this.buf.length ? Buffer.alloc(0) : this.buf.subarray(at);
    } catch (err) {
      this.failure = err as ProtocolError;
      throw err;
    }
    return frames;
  }

  /** The size of the frame at `at`, or undefined when it is not all here yet. */
  private frameSize(at: number): number | undefined {
    const b = this.buf;
    const have = b.length - at;
    if (have === 0) return undefined;
    const start = b[at] as number;
    if ((start !== SHORT && start !== LONG) || (have >= 2 && b[at + 1] !== start)) {
      const got = have >= 2 ? hex(b.readUInt16BE(at), 4) : hex(start);
      throw new ProtocolError('bad_preamble', `GT06 frame must start 7878 or 7979, got ${got}`, at);
    }
    const long = start === LONG;
    if (have < (long ? 4 : 3)) return undefined;
    const length = long ? b.readUInt16BE(at + 2) : (b[at + 2] as number);
    if (length < MIN_LENGTH) {
      throw new ProtocolError('length_mismatch', `GT06 packet length ${length} is below the minimum ${MIN_LENGTH}`, at);
    }
    const size = frameOverhead(start) + length;
    if (size > this.maxFrame) {
      throw new ProtocolError('length_exceeded', `GT06 frame of ${size} bytes exceeds the limit of ${this.maxFrame}`, at);
    }
    if (have < size) return undefined;
    if (b[at + size - 2] !== 0x0d || b[at + size - 1] !== 0x0a) {
      throw new ProtocolError(
        'length_mismatch',
        `GT06 frame of declared length ${length} does not end 0D0A (got ${hex(b.readUInt16BE(at + size - 2), 4)})`,
        at + size - 2,
      );
    }
    return size;
  }
}
