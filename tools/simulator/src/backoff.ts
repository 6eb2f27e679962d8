/** Exponential backoff with ±20 % jitter: initial, ×2 per failure, capped at max. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly initialMs = 1000,
    private readonly maxMs = 60_000,
    private readonly random: () => number = Math.random,
  ) {}

  /** The delay before the next attempt; each call counts one more failure. */
  next(): number {
    const base = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.failures, 30));
    this.failures++;
    return Math.round(base * (0.8 + 0.4 * this.random()));
  }

  reset(): void {
    this.failures = 0;
  }
}

/** A promise that resolves after ms, or at once when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** A level-triggered wake-up: wait() resolves at the next notify() (or at once if one is pending). */
export class Notifier {
  private pending = false;
  private waiters: Array<() => void> = [];

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    if (waiters.length === 0) this.pending = true;
    for (const w of waiters) w();
  }

  wait(): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
