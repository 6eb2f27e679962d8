import { Backoff, Notifier, sleep } from './backoff.ts';
import type { RecordSource } from './device.ts';

/**
 * A phone running Traccar Client (OsmAnd protocol): each position is an HTTP GET to
 * http://host:port/?id=IMEI&lat=..&lon=..&timestamp=..&speed=(knots)&bearing=..&altitude=..
 * &accuracy=..&batt=..&charge=.. . Positions are queued and sent oldest first; a position leaves
 * the queue only on HTTP 200 (anything else, or a network error, is retried with backoff).
 */
export interface OsmandDeviceOptions {
  id: string;
  host: string;
  port: number;
  intervalMs: number;
  source: RecordSource;
  requestTimeoutMs?: number;
  backoffMs?: { initial?: number; max?: number };
  maxQueued?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface OsmandStats {
  generated: number;
  /** Positions stored by the server (HTTP 200). */
  delivered: number;
  /** Requests that failed (non-200 or network error) and were retried. */
  failed: number;
  queued: number;
  dropped: number;
}

export interface OsmandPositionQuery {
  lat: number;
  lon: number;
  timestampMs: number;
  speedKmh: number;
  heading: number;
  altitude: number;
  battery: number;
  charging: boolean;
  accuracy: number;
}

/** The request URL for one position. */
export function osmandUrl(host: string, port: number, id: string, p: OsmandPositionQuery): string {
  const q = new URLSearchParams({
    id,
    lat: p.lat.toFixed(6),
    lon: p.lon.toFixed(6),
    timestamp: String(Math.floor(p.timestampMs / 1000)),
    speed: (p.speedKmh / 1.852).toFixed(1),
    bearing: String(Math.round(p.heading)),
    altitude: String(Math.round(p.altitude)),
    accuracy: String(p.accuracy),
    batt: String(Math.round(p.battery)),
    charge: String(p.charging),
  });
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `http://${hostPart}:${port}/?${q}`;
}

export class OsmandDevice {
  readonly id: string;
  private readonly opts: OsmandDeviceOptions;
  private readonly now: () => number;
  private readonly queue: OsmandPositionQuery[] = [];
  private readonly wake = new Notifier();
  private readonly abort = new AbortController();
  private readonly backoff: Backoff;
  private readonly counters = { generated: 0, delivered: 0, failed: 0, dropped: 0 };
  private battery: number;
  private lastMs: number;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;

  constructor(opts: OsmandDeviceOptions) {
    this.opts = opts;
    this.id = opts.id;
    this.now = opts.now ?? Date.now;
    this.lastMs = this.now();
    this.battery = 55 + (Number(opts.id.slice(-2)) % 45);
    this.backoff = new Backoff(opts.backoffMs?.initial ?? 1000, opts.backoffMs?.max ?? 60_000);
  }

  start(): void {
    if (this.loop) return;
    this.generate();
    this.timer = setInterval(() => this.generate(), this.opts.intervalMs);
    this.loop = this.run();
  }

  async stop(): Promise<OsmandStats> {
    clearInterval(this.timer);
    this.abort.abort();
    this.wake.notify();
    await this.loop;
    return this.stats();
  }

  stats(): OsmandStats {
    return { ...this.counters, queued: this.queue.length };
  }

  private generate(): void {
    const now = this.now();
    for (const r of this.opts.source.advanceTo(now)) {
      const charging = r.speedKmh > 0;
      const hours = Math.max(0, r.timestampMs - this.lastMs) / 3_600_000;
      this.lastMs = Math.max(this.lastMs, r.timestampMs);
      this.battery = Math.max(5, Math.min(100, this.battery + (charging ? 12 : -4) * hours));
      this.queue.push({
        lat: r.latitude,
        lon: r.longitude,
        timestampMs: r.timestampMs,
        speedKmh: r.speedKmh,
        heading: r.angle,
        altitude: r.altitude,
        battery: this.battery,
        charging,
        accuracy: 4 + (r.timestampMs % 9),
      });
      this.counters.generated++;
    }
    const excess = this.queue.length - (this.opts.maxQueued ?? 50_000);
    if (excess > 0) this.counters.dropped += this.queue.splice(1, excess).length;
    this.wake.notify();
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      const next = this.queue[0];
      if (!next) {
        await this.wake.wait();
        continue;
      }
      const url = osmandUrl(this.opts.host, this.opts.port, this.id, next);
      let status = 0;
      try {
        const timeout = AbortSignal.timeout(this.opts.requestTimeoutMs ?? 10_000);
        const res = await fetch(url, { signal: AbortSignal.any([signal, timeout]) });
        status = res.status;
        await res.arrayBuffer();
      } catch (err) {
        if (!signal.aborted) this.opts.log?.(`${this.id}: ${(err as Error).message}`);
      }
      if (status === 200) {
        this.queue.shift();
        this.counters.delivered++;
        this.backoff.reset();
      } else if (!signal.aborted) {
        this.counters.failed++;
        if (status !== 0) this.opts.log?.(`${this.id}: HTTP ${status}, retrying`);
        await sleep(this.backoff.next(), signal);
      }
    }
  }
}
