import { CODEC_8E, encodeAvlPacket, encodeCodec12Response, encodeImeiLogin, TeltonikaFramer, type AvlRecord } from '@fleet/protocols';
import { TestSocket } from './test-socket.ts';

/** The day and hour record() reports: Sunday 2026-11-22 08:00 UTC (outside the demo sites' working hours). */
export const RECORD_TIME = Date.UTC(2026, 10, 22, 8, 0, 0);
/**
 * The events processor's clock in tests (the harness's default): five minutes after RECORD_TIME, so
 * what record() reports is news, raised open, and a report dated over 30 minutes before it is late.
 */
export const FIXTURE_NOW = RECORD_TIME + 5 * 60_000;

/** A record near Leeds with the usual IO elements; `i` makes each one distinct. */
export function record(i: number, extra: Partial<AvlRecord> = {}): AvlRecord {
  return {
    timestampMs: RECORD_TIME + i * 1000, priority: 0, longitude: -1.5485 + i * 1e-4, latitude: 53.7935 + i * 1e-4,
    altitude: 60, angle: 90, satellites: 11, speedKmh: 48, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 }], [240, { size: 1, value: 1 }], [66, { size: 2, value: 27_600 }], [16, { size: 4, value: 1_000_000 + i }]]),
    ioVariable: new Map(), ...extra,
  };
}

/** A fake Teltonika device over a real TCP socket, for integration tests. */
export class TestDevice extends TestSocket {
  private buffer = Buffer.alloc(0);

  static connect(port: number): Promise<TestDevice> {
    return TestSocket.open(new TestDevice(), port);
  }

  protected received(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
  }

  /** Waits for n bytes; null when the server closed first or the time ran out. */
  async read(n: number, timeoutMs = 5000): Promise<Buffer | null> {
    if (!(await this.waitFor(() => this.buffer.length >= n, timeoutMs))) return null;
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  async login(imei: string): Promise<number | null> {
    this.socket.write(encodeImeiLogin(imei));
    const b = await this.read(1);
    return b ? (b[0] as number) : null;
  }

  /** Sends records as one Codec 8E packet; resolves to the ACKed count, or null without an ACK. */
  async send(records: AvlRecord[], timeoutMs = 5000): Promise<number | null> {
    this.socket.write(encodeAvlPacket({ codec: CODEC_8E, records }));
    const b = await this.read(4, timeoutMs);
    return b ? b.readUInt32BE(0) : null;
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Answers the next Codec 12 command with `reply`; resolves to the command text. */
  async answerCommand(reply: (cmd: string) => string): Promise<string> {
    const framer = new TeltonikaFramer({ expectImei: false });
    for (;;) {
      const head = await this.read(8, 10_000);
      if (!head) throw new Error('no command arrived');
      const len = head.readUInt32BE(4);
      const rest = await this.read(len + 4);
      if (!rest) throw new Error('command cut short');
      const [frame] = framer.push(Buffer.concat([head, rest]));
      if (frame?.kind === 'codec12') {
        this.socket.write(encodeCodec12Response(reply(frame.message.text)));
        return frame.message.text;
      }
    }
  }

  close(): void {
    this.socket.destroy();
  }
}
