// A minimal Teltonika device for the benchmarks: login, then packets with their ACK round trip timed.
import { CODEC_8E, encodeAvlPacket, encodeImeiLogin, type AvlRecord } from '@fleet/protocols';
import net from 'node:net';

export function benchRecord(seq: number): AvlRecord {
  return {
    timestampMs: 1_700_000_000_000 + seq * 1000, priority: 0, longitude: -1.55 + (seq % 1000) * 1e-5, latitude: 53.79, altitude: 50,
    angle: 90, satellites: 10, speedKmh: 50, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 } as const], [240, { size: 1, value: 1 } as const], [66, { size: 2, value: 27_500 } as const],
      [16, { size: 4, value: 1000 + seq } as const]]),
    ioVariable: new Map(),
  };
}

export class BenchDevice {
  private buf: Buffer = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  private constructor(readonly sock: net.Socket) {
    sock.on('data', (c: Buffer) => { this.buf = this.buf.length ? Buffer.concat([this.buf, c]) : c; this.waiter?.(); });
    sock.on('error', () => {});
  }

  static async open(port: number, imei: string): Promise<BenchDevice> {
    const sock = net.connect(port, '127.0.0.1');
    sock.setNoDelay(true);
    await new Promise<void>((resolve, reject) => { sock.once('connect', () => resolve()); sock.once('error', reject); });
    const d = new BenchDevice(sock);
    sock.write(encodeImeiLogin(imei));
    if ((await d.read(1))[0] !== 1) throw new Error(`login refused for ${imei}`);
    return d;
  }

  async read(n: number): Promise<Buffer> {
    while (this.buf.length < n) await new Promise<void>((r) => { this.waiter = r; });
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** Sends records as one packet; resolves with the milliseconds until the ACK. */
  async send(records: AvlRecord[]): Promise<number> {
    const started = performance.now();
    this.sock.write(encodeAvlPacket({ codec: CODEC_8E, records }));
    const ack = (await this.read(4)).readUInt32BE(0);
    if (ack !== records.length) throw new Error(`ACK ${ack} for ${records.length}`);
    return performance.now() - started;
  }

  close(): void {
    this.sock.destroy();
  }
}
