import { ProtocolError } from '../errors.ts';
import { decodeAvlPacket } from './avl-decode.ts';
import { ChunkQueue } from './chunk-queue.ts';
import { decodeCodec12 } from './codec12.ts';
import {
  CRC_BYTES,
  checkDataLength,
  checkPreamble,
  DEFAULT_MAX_DATA_LENGTH,
  HEADER_BYTES,
} from './envelope.ts';
import { checkImeiLength, parseImeiLogin } from './login.ts';
import { type AvlPacket, CODEC_12, type Codec12Message } from './types.ts';

export type Frame =
  | { kind: 'imei'; imei: string; bytes: Buffer }
  | { kind: 'keepalive' }
  | { kind: 'avl'; packet: AvlPacket; bytes: Buffer }
  | { kind: 'codec12'; message: Codec12Message; bytes: Buffer };

export interface FramerOptions {
  /** Largest declared data length accepted before the body is buffered; defaults to 64 KiB. */
  maxDataLength?: number;
  /** Whether the connection starts with an IMEI login frame (default true). */
  expectImei?: boolean;
}

const KEEPALIVE = 0xff;

/**
 * Splits one TCP connection's byte stream into Teltonika frames. Memory stays bounded: a declared
 * length is checked against `maxDataLength` as soon as its bytes arrive, before any body is held.
 * A ProtocolError leaves the stream unframeable, so the framer rethrows it on every later push and
 * the caller should close the connection. Frames decoded earlier in the failing push are dropped;
 * they were never acknowledged, so the device sends them again.
 */
export class TeltonikaFramer {
  private readonly queue = new ChunkQueue();
  private readonly maxDataLength: number;
  private awaitingImei: boolean;
  private failure: ProtocolError | undefined;

  constructor(options: FramerOptions = {}) {
    this.maxDataLength = options.maxDataLength ?? DEFAULT_MAX_DATA_LENGTH;
    this.awaitingImei = options.expectImei ?? true;
  }

  /** Bytes received but not yet returned as a frame. */
  get buffered(): number {
    return this.queue.length;
  }

  /** Feeds the next chunk read from the socket; returns every frame it completes, in order. */
  push(chunk: Buffer): Frame[] {
    if (this.failure) throw this.failure;
    this.queue.append(chunk);
    const frames: Frame[] = [];
    try {
      for (let frame = this.next(); frame; frame = this.next()) frames.push(frame);
    } catch (error) {
      if (error instanceof ProtocolError) this.failure = error;
      throw error;
    }
    return frames;
  }

  private next(): Frame | undefined {
    return this.awaitingImei ? this.nextImei() : this.nextPacket();
  }

  private nextImei(): Frame | undefined {
    if (this.queue.length < 2) return undefined;
    const length = this.queue.uintAt(0, 2);
    checkImeiLength(length);
    if (this.queue.length < 2 + length) return undefined;
    const bytes = this.queue.take(2 + length);
    const imei = parseImeiLogin(bytes);
    this.awaitingImei = false;
    return { kind: 'imei', imei, bytes };
  }

  private nextPacket(): Frame | undefined {
    const q = this.queue;
    if (q.length === 0) return undefined;
    if (q.byteAt(0) === KEEPALIVE) {
      q.take(1);
      return { kind: 'keepalive' };
    }
    if (q.length < 4) return undefined;
    checkPreamble(q.uintAt(0, 4), 'TCP frame');
    if (q.length < HEADER_BYTES) return undefined;
    const dataLength = q.uintAt(4, 4);
    checkDataLength(dataLength, this.maxDataLength, 'TCP frame');
    const total = HEADER_BYTES + dataLength + CRC_BYTES;
    if (q.length < total) return undefined;
    const bytes = q.take(total);
    const options = { maxDataLength: this.maxDataLength };
    if (bytes[HEADER_BYTES] === CODEC_12) {
      return { kind: 'codec12', message: decodeCodec12(bytes, options), bytes };
    }
    return { kind: 'avl', packet: decodeAvlPacket(bytes, options), bytes };
  }
}
