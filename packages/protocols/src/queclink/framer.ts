import { ProtocolError } from '../errors.ts';
import { QUECLINK_MAX_MESSAGE } from './decode.ts';

const DOLLAR = 0x24;

/**
 * Splits a TCP stream into @Track ASCII messages, each ending with '$' (no length field, no
 * checksum). Bytes before a message's '+' (CR, LF, NUL, spaces between messages) are dropped. A
 * message that runs past `maxMessage` without its '$' is a ProtocolError: the caller closes.
 */
export class QueclinkFramer {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxMessage = QUECLINK_MAX_MESSAGE) {}

  /** The complete messages in this chunk (and what was held before), without separators. */
  push(chunk: Buffer): Buffer[] {
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      const start = leadingNoise(buf);
      if (start > 0) buf = buf.subarray(start);
      const end = buf.indexOf(DOLLAR);
      if (end < 0) break;
      if (end + 1 > this.maxMessage) throw tooLong(this.maxMessage);
      out.push(buf.subarray(0, end + 1));
      buf = buf.subarray(end + 1);
    }
    if (buf.length > this.maxMessage) throw tooLong(this.maxMessage);
    this.pending = Buffer.from(buf);
    return out;
  }

  /** Bytes held of a message not yet complete. */
  get buffered(): number {
    return this.pending.length;
  }
}

function leadingNoise(buf: Buffer): number {
  let i = 0;
  while (i < buf.length && (buf[i] === 0x0d || buf[i] === 0x0a || buf[i] === 0x00 || buf[i] === 0x20)) i++;
  return i;
}

function tooLong(max: number): ProtocolError {
  return new ProtocolError('length_exceeded', `message runs past ${max} characters without its closing '$'`);
}
