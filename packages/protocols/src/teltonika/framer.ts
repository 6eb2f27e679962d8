import { ProtocolError } from '../errors.ts';
import { decodeAvlPacket } from './avl-decode.ts';
import { ChunkQueue } from './chunk-queue.ts';
import { isAvlCodec } from './avl-layout.ts';
import { decodeCodec12 } from './codec12.ts';
import { decodeCodec13 } from './codec13.ts';
import {
  CRC_BYTES,
  checkCrc,
  checkDataLength,
  checkPreamble,
  DEFAULT_MAX_DATA_LENGTH,
  HEADER_BYTES,
} from './envelope.ts';
import { checkImeiLength, parseImeiLogin } from './login.ts';
import { type AvlPacket, CODEC_12, CODEC_13, type Codec12Message, type Codec13Message } from './types.ts';

export type Frame =
  | { kind: 'imei'; imei: string; bytes: Buffer }
  | { kind: 'keepalive' }
  | { kind: 'avl'; packet: AvlPacket; bytes: Buffer }
  | { kind: 'codec12'; message: Codec12Message; bytes: Buffer }
  | { kind: 'codec13'; message: Codec13Message; bytes: Buffer }
  /**
   * A CRC-valid packet of a codec we do not decode (e.g. Codec 14, 15, or an id the vendor has
   * not published). Its envelope says where the next packet starts, so the stream goes on.
   * `command` is true for the command codecs 0x0C..0x0F, which are never acknowledged.
   */
  | { kind: 'unsupported'; codec: number; command: boolean; bytes: Buffer };

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
    // A reconnecting device may send its keep-alive before the login. A login's length is at most
    // 20, so its first byte is always 00 and an FF here can only be a keep-alive.
    if (this.queue.length > 0 && this.queue.byteAt(0) === KEEPALIVE) {
      this.queue.take(1);
      return { kind: 'keepalive' };
    }
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
    const codec = bytes[HEADER_BYTES] as number;
    if (codec === CODEC_12) {
      return { kind: 'codec12', message: decodeCodec12(bytes, options), bytes };
    }
    if (codec === CODEC_13) {
      return { kind: 'codec13', message: decodeCodec13(bytes, options), bytes };
    }
    if (isAvlCodec(codec)) return { kind: 'avl', packet: decodeAvlPacket(bytes, options), bytes };
    // A bad CRC means the declared length may be damaged too: then there is no trustworthy
    // place to resume, and checkCrc's error closes the stream.
    checkCrc(bytes, dataLength, `packet of codec 0x${codec.toString(16).toUpperCase().padStart(2, '0')}`);
    return { kind: 'unsupported', codec, command: isCommandCodec(codec), bytes };
  }
}

/** Codec 12..15 carry GPRS commands and messages; the vendor defines no answer from the server to them. */
export function isCommandCodec(codec: number): boolean {
  return codec >= 0x0c && codec <= 0x0f;
}
