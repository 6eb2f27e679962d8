import type { Socket } from 'node:net';
import { CODEC_12, decodeAck, decodeCodec12 } from '@fleet/protocols';

/**
 * The device's side of one TCP connection after the IMEI login: splits what the server sends
 * into 4-byte AVL acks and Codec 12 command frames. An ack is only expected while a packet is in
 * flight; a Codec 12 frame is recognised by its zero preamble and codec id 0x0C at offset 8, so
 * an ack of 0 (also four zero bytes) is told apart from a command.
 */
export class DeviceLink {
  private buf: Buffer = Buffer.alloc(0);
  private closed = false;
  private ackWaiter: { resolve(n: number): void; reject(e: Error): void; timer: NodeJS.Timeout } | undefined;
  private byteWaiter: { resolve(b: number): void; reject(e: Error): void; timer: NodeJS.Timeout } | undefined;
  private closeListeners: Array<() => void> = [];

  constructor(
    readonly socket: Socket,
    private readonly onCommand: (text: string) => void,
    private readonly onProtocolError: (message: string) => void = () => {},
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
      this.parse();
    });
    socket.on('close', () => this.fail(new Error('connection closed')));
    socket.on('error', (err) => this.fail(err));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Resolves when the connection closes (at once if it already has). */
  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  /** The server's one-byte answer to the IMEI login. */
  readLoginReply(timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('connection closed'));
      const timer = setTimeout(() => {
        this.byteWaiter = undefined;
        reject(new Error(`no login reply within ${timeoutMs} ms`));
      }, timeoutMs);
      this.byteWaiter = { resolve, reject, timer };
      this.parse();
    });
  }

  /** The 4-byte ack for the packet just sent. */
  readAck(timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('connection closed'));
      const timer = setTimeout(() => {
        this.ackWaiter = undefined;
        reject(new Error(`no ack within ${timeoutMs} ms`));
      }, timeoutMs);
      this.ackWaiter = { resolve, reject, timer };
      this.parse();
    });
  }

  write(bytes: Buffer): void {
    if (!this.closed) this.socket.write(bytes);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(): void {
    if (this.byteWaiter) {
      if (this.buf.length === 0) return;
      const w = this.byteWaiter;
      this.byteWaiter = undefined;
      clearTimeout(w.timer);
      w.resolve(this.buf[0] as number);
      this.buf = this.buf.subarray(1);
    }
    while (this.buf.length >= 4) {
      const zeroPreamble = this.buf.readUInt32BE(0) === 0;
      if (zeroPreamble && this.buf.length >= 9 && this.buf[8] === CODEC_12) {
        const total = 8 + this.buf.readUInt32BE(4) + 4;
        if (this.buf.length < total) return;
        const frame = this.buf.subarray(0, total);
        this.buf = this.buf.subarray(total);
        try {
          const message = decodeCodec12(frame);
          if (message.type === 'command') this.onCommand(message.text);
        } catch (err) {
          this.onProtocolError(`bad Codec 12 frame: ${(err as Error).message}`);
        }
        continue;
      }
      if (zeroPreamble && !this.ackWaiter && this.buf.length < 9) return; // the start of a command frame
      if (zeroPreamble && this.buf.length > 4 && this.buf.length < 9) return; // ack 0 or a command: wait
      const n = decodeAck(this.buf.subarray(0, 4));
      this.buf = this.buf.subarray(4);
      const w = this.ackWaiter;
      if (!w) {
        this.onProtocolError(`unexpected 4 bytes (${n}) with no packet in flight`);
        continue;
      }
      this.ackWaiter = undefined;
      clearTimeout(w.timer);
      w.resolve(n);
    }
  }

  private fail(err: Error): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of [this.ackWaiter, this.byteWaiter]) {
      if (!w) continue;
      clearTimeout(w.timer);
      w.reject(err);
    }
    this.ackWaiter = undefined;
    this.byteWaiter = undefined;
    for (const l of this.closeListeners.splice(0)) l();
  }
}
