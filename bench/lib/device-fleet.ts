// N Teltonika devices over real TCP, each reporting a small move once a second.
import { CODEC_8E, crc16Ibm, encodeAvlPacket, encodeImeiLogin, type AvlRecord } from '@fleet/protocols';
import net from 'node:net';

// Codec 8E, one record: preamble(4) length(4) codec(1) count(1) | timestamp(8) priority(1) lon(4) lat(4) alt(2) angle(2) ...
const OFF = { ts: 10, lon: 19, lat: 23, angle: 29 } as const;

function record(lat: number, lon: number, angle: number, ts: number): AvlRecord {
  return {
    timestampMs: ts, priority: 0, longitude: lon, latitude: lat, altitude: 60, angle, satellites: 11, speedKmh: 32, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 } as const], [240, { size: 1, value: 1 } as const], [66, { size: 2, value: 27_500 } as const]]),
    ioVariable: new Map(),
  };
}

function patch(packet: Buffer, lat: number, lon: number, angle: number, ts: number): void {
  packet.writeBigUInt64BE(BigInt(ts), OFF.ts);
  packet.writeInt32BE(Math.round(lon * 1e7), OFF.lon);
  packet.writeInt32BE(Math.round(lat * 1e7), OFF.lat);
  packet.writeUInt16BE(angle, OFF.angle);
  packet.writeUInt32BE(crc16Ibm(packet, 8, packet.length - 4), packet.length - 4);
}

// The patched packet must be exactly what the encoder makes, or the figures measure rejected frames.
{
  const p = encodeAvlPacket({ codec: CODEC_8E, records: [record(53.8, -1.5, 10, 1_700_000_000_000)] });
  patch(p, 52.123_456_7, -0.987_654_3, 271, 1_800_000_000_123);
  const q = encodeAvlPacket({ codec: CODEC_8E, records: [record(52.123_456_7, -0.987_654_3, 271, 1_800_000_000_123)] });
  if (!p.equals(q)) throw new Error('packet patching does not match encodeAvlPacket');
}

/** Where the fleet starts: spread over the English Midlands and North (about 230 x 250 km). */
export const FLEET_BOX = { south: 52.2, north: 54.4, west: -3.0, east: 0.4 };

/**
 * N devices on their own TCP connections. Each reports once a second (spread evenly over the
 * second) a move of about 9 m on a slowly turning heading. A device whose last packet is not yet
 * ACKed skips its turn, as a real one would wait: `skipped` shows a server that cannot keep up.
 */
export class DeviceFleet {
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  private heading: Float64Array;
  private packets: Buffer[] = [];
  private sockets: net.Socket[] = [];
  private outstanding: Uint8Array;
  private timer: ReturnType<typeof setInterval> | undefined;
  sent = 0;
  acked = 0;
  skipped = 0;
  errors = 0;

  constructor(readonly imeis: string[], seed = 1) {
    const n = imeis.length;
    let s = seed;
    const rnd = () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    this.lat = Float64Array.from({ length: n }, () => FLEET_BOX.south + rnd() * (FLEET_BOX.north - FLEET_BOX.south));
    this.lon = Float64Array.from({ length: n }, () => FLEET_BOX.west + rnd() * (FLEET_BOX.east - FLEET_BOX.west));
    this.heading = Float64Array.from({ length: n }, () => rnd() * 360);
    this.outstanding = new Uint8Array(n);
  }

  /** Opens and logs in every connection, `batch` at a time, spread over loopback source addresses
   * (the server allows 5,000 connections per address, as for devices behind one carrier NAT). */
  async connect(port: number, batch = 200): Promise<void> {
    const n = this.imeis.length;
    for (let i = 0; i < n; i += batch) {
      await Promise.all(this.imeis.slice(i, i + batch).map((imei, k) => this.open(port, i + k, imei)));
    }
  }

  private async open(port: number, i: number, imei: string): Promise<void> {
    const sock = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % 8)}` });
    sock.setNoDelay(true);
    await new Promise<void>((resolve, reject) => { sock.once('connect', () => resolve()); sock.once('error', reject); });
    sock.write(encodeImeiLogin(imei));
    await new Promise<void>((resolve, reject) => {
      sock.once('data', (c: Buffer) => (c[0] === 1 ? resolve() : reject(new Error(`login refused for ${imei}`))));
      sock.once('error', reject);
    });
    let bytes = 0;
    sock.on('data', (c: Buffer) => {
      bytes += c.length;
      while (bytes >= 4) { bytes -= 4; this.acked += 1; if (this.outstanding[i]! > 0) this.outstanding[i]! -= 1; }
    });
    sock.on('error', () => { this.errors += 1; });
    this.sockets[i] = sock;
    this.packets[i] = encodeAvlPacket({ codec: CODEC_8E, records: [record(this.lat[i]!, this.lon[i]!, 0, Date.now())] });
  }

  /** Sends one report from device i now (its next small move). */
  private step(i: number, now: number): void {
    if (this.outstanding[i]! > 0) { this.skipped += 1; return; }
    let h = this.heading[i]! + (Math.random() - 0.5) * 40;
    h = (h + 360) % 360;
    this.heading[i] = h;
    const rad = (h * Math.PI) / 180;
    const m = 9; // metres: 32 km/h for a second
    this.lat[i]! += (m * Math.cos(rad)) / 111_320;
    this.lon[i]! += (m * Math.sin(rad)) / (111_320 * Math.cos((this.lat[i]! * Math.PI) / 180));
    const packet = this.packets[i]!;
    patch(packet, this.lat[i]!, this.lon[i]!, Math.round(h) % 360, now);
    this.outstanding[i] = 1;
    this.sent += 1;
    this.sockets[i]!.write(packet);
  }

  /** Every device once, as fast as the server ACKs (to put a first position on the map). */
  async reportOnce(timeoutMs = 60_000): Promise<void> {
    const target = this.acked + this.imeis.length;
    const now = Date.now();
    for (let i = 0; i < this.imeis.length; i++) this.step(i, now);
    const until = Date.now() + timeoutMs;
    while (this.acked < target && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }

  /** Starts the once-a-second reports, device i at offset i/N of each second; catches up after a stall. */
  start(): void {
    const n = this.imeis.length;
    const started = Date.now();
    let done = 0;
    this.timer = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((now - started) / 1000) * n);
      for (; done < due; done++) this.step(done % n, now);
    }, 10);
  }

  stopReporting(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  close(): void {
    this.stopReporting();
    for (const s of this.sockets) s?.destroy();
  }

  counters() {
    return { sent: this.sent, acked: this.acked, skipped: this.skipped, errors: this.errors };
  }
}
