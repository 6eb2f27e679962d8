import type { Socket } from 'node:net';
import { Backoff, Notifier, sleep } from './backoff.ts';
import type { DeviceOptions, DeviceStats } from './device.ts';
import type { SimDevice } from './protocols.ts';

/** A device's connection to the server, as the loop sees it. */
export interface SimLink {
  readonly isClosed: boolean;
  destroy(): void;
}

/**
 * What every simulated tracker does the same way: generates reports on a timer into its own
 * buffer, runs one session after another (reconnecting with backoff after a failure, until
 * stopped), and counts. Each protocol writes its session, its generator and what it buffers.
 */
export abstract class DeviceLoop<L extends SimLink, O extends DeviceOptions = DeviceOptions> implements SimDevice {
  readonly imei: string;
  protected readonly now: () => number;
  protected readonly startedMs: number;
  protected readonly wake = new Notifier();
  protected readonly abort = new AbortController();
  protected readonly backoff: Backoff;
  protected link: L | undefined;
  protected readonly counters: Omit<DeviceStats, 'buffered' | 'connected'> = {
    connects: 0, loginRefused: 0, generated: 0, sent: 0, resent: 0, acked: 0, dropped: 0, ackTimeouts: 0, commands: 0,
  };
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;

  constructor(protected readonly opts: O) {
    this.imei = opts.imei;
    this.now = opts.now ?? Date.now;
    this.startedMs = this.now();
    this.backoff = new Backoff(opts.backoffMs?.initial ?? 1000, opts.backoffMs?.max ?? 60_000);
  }

  start(): void {
    if (this.loop) return;
    this.generate();
    this.timer = setInterval(() => this.generate(), this.opts.intervalMs);
    this.loop = this.run();
  }

  protected get started(): boolean {
    return this.loop !== undefined;
  }

  /** Stops generating new records but keeps sending what is buffered until it is acknowledged. */
  pauseGeneration(): void {
    clearInterval(this.timer);
  }

  /** Stops generating and closes the connection; unacked records stay counted in `buffered`. */
  async stop(): Promise<DeviceStats> {
    clearInterval(this.timer);
    this.abort.abort();
    this.link?.destroy();
    this.wake.notify();
    await this.loop;
    return this.stats();
  }

  stats(): DeviceStats {
    return { ...this.counters, connected: this.link !== undefined && !this.link.isClosed, buffered: this.buffered() };
  }

  /** Reports waiting for the server's acknowledgement. */
  protected abstract buffered(): number;

  /** Takes the source's new records into the buffer (and wakes the session). */
  protected abstract generate(): void;

  /** One connection, from connecting until it fails or the device stops. */
  protected abstract session(): Promise<void>;

  /** After a session, before its link is destroyed. */
  protected sessionEnded(): void {}

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      try {
        await this.session();
      } catch (err) {
        if (!signal.aborted) this.opts.log?.(`${this.imei}: ${(err as Error).message}`);
      } finally {
        this.sessionEnded();
        this.link?.destroy();
      }
      if (!signal.aborted) await sleep(this.backoff.next(), signal);
    }
  }
}

/** Resolves once the socket has connected; rejects if it fails or closes first. */
export function connected(socket: Socket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('connection closed')));
  });
}
