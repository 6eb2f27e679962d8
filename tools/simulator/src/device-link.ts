import type { Socket } from 'node:net';
import { CODEC_12, decodeAck, decodeCodec12 } from '@fleet/protocols';
import { LinkBase, TimedWait } from './link-base.ts';

/**
 * The device's side of one TCP connection after the IMEI login: splits what the server sends
 * into 4-byte AVL acks and Codec 12 command frames. An ack is only expected while a packet is in
 * flight; a Codec 12 frame is recognised by its zero preamble and codec id 0x0C at offset 8, so
 * an ack of 0 (also four zero bytes) is told apart from a command.
 */
export class DeviceLink extends LinkBase {
  private buf: Buffer = Buffer.alloc(0);
  private readonly ackWait = new TimedWait<number>();
  private readonly byteWait = new TimedWait<number>();

  constructor(
    readonly socket: Socket,
    private readonly onCommand: (text: string) => void,
    private readonly onProtocolError: (message: string) => void = () => {},
  ) {
    super();
    socket.on('data', (chunk: Buffer) => {
      this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
      this.parse();
    });
    socket.on('close', () => this.fail(new Error('connection closed')));
    socket.on('error', (err) => this.fail(err));
  }

  /** The server's one-byte answer to the IMEI login. */
  readLoginReply(timeoutMs: number): Promise<number> {
    if (this.isClosed) return Promise.reject(new Error('connection closed'));
    const reply = this.byteWait.start(timeoutMs, `no login reply within ${timeoutMs} ms`);
    this.parse();
    return reply;
  }

  /** The 4-byte ack for the packet just sent. */
  readAck(timeoutMs: number): Promise<number> {
    if (this.isClosed) return Promise.reject(new Error('connection closed'));
    const ack = this.ackWait.start(timeoutMs, `no ack within ${timeoutMs} ms`);
    this.parse();
    return ack;
  }

  write(bytes: Buffer): void {
    if (!this.isClosed) this.socket.write(bytes);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(): void {
    if (this.byteWait.waiting) {
      if (this.buf.length === 0) return;
      const reply = this.buf[0] as number;
      this.buf = this.buf.subarray(1);
      this.byteWait.settle(reply);
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
      if (zeroPreamble && !this.ackWait.waiting && this.buf.length < 9) return; // the start of a command frame
      if (zeroPreamble && this.buf.length > 4 && this.buf.length < 9) return; // ack 0 or a command: wait
      const n = decodeAck(this.buf.subarray(0, 4));
      this.buf = this.buf.subarray(4);
      if (!this.ackWait.settle(n)) this.onProtocolError(`unexpected 4 bytes (${n}) with no packet in flight`);
    }
  }

  private fail(err: Error): void {
    this.markClosed(() => {
      this.ackWait.fail(err);
      this.byteWait.fail(err);
    });
  }
}
