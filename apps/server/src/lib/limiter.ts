import { LRUCache } from 'lru-cache';

/** How many keys a limiter keeps at most: the least recently used beyond this are forgotten. */
export const DEFAULT_CAPACITY = 100_000;

/**
 * Counts events per key in a fixed window and says when a key has had too many. Every call is a
 * constant amount of work (one LRU lookup), and memory is bounded: at most `capacity` keys, the
 * least recently used dropped first; a key whose window has passed counts as absent.
 */
export class WindowLimiter {
  private readonly hits: LRUCache<string, { count: number; resetAt: number }>;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    capacity = DEFAULT_CAPACITY,
  ) {
    this.hits = new LRUCache({ max: capacity });
  }

  /** Milliseconds until the key may try again, or 0 when it is not limited. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key);
    if (!entry) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.hits.delete(key);
      return 0;
    }
    return entry.count >= this.max ? left : 0;
  }

  record(key: string): void {
    const t = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
    else entry.count += 1;
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  /** Keys held now (for tests and metrics). */
  get size(): number {
    return this.hits.size;
  }
}

export interface BackoffOptions {
  /** Failures allowed before the first wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it … */
  baseMs: number;
  /** … up to this. */
  capMs: number;
  /** A key's failures are forgotten this long after its last one. */
  forgetMs: number;
  capacity?: number;
  now?: () => number;
}

/**
 * Exponential backoff after repeated failures: after `freeFailures` failures a key waits baseMs,
 * then twice that after the next failure, and so on up to capMs. It slows a guesser down without
 * shutting anyone out for long. O(1) per call, at most `capacity` keys (least recently used dropped).
 */
export class Backoff {
  private readonly state: LRUCache<string, { failures: number; until: number; last: number }>;
  private readonly now: () => number;

  constructor(private readonly opts: BackoffOptions) {
    this.now = opts.now ?? Date.now;
    this.state = new LRUCache({ max: opts.capacity ?? DEFAULT_CAPACITY });
  }

  private entry(key: string) {
    const e = this.state.get(key);
    if (e && this.now() - e.last >= this.opts.forgetMs) {
      this.state.delete(key);
      return undefined;
    }
    return e;
  }

  /** Milliseconds the key must still wait before its next attempt is looked at; 0 when it may go on. */
  waitMs(key: string): number {
    const e = this.entry(key);
    return e ? Math.max(0, e.until - this.now()) : 0;
  }

  fail(key: string): void {
    const t = this.now();
    const e = this.entry(key) ?? { failures: 0, until: 0, last: t };
    e.failures += 1;
    e.last = t;
    const over = e.failures - this.opts.freeFailures;
    if (over >= 0) e.until = t + Math.min(this.opts.capMs, this.opts.baseMs * 2 ** Math.min(over, 30));
    this.state.set(key, e);
  }

  clear(key: string): void {
    this.state.delete(key);
  }

  get size(): number {
    return this.state.size;
  }
}

/** "8 seconds", "1 minute", "3 minutes": a wait in words, rounded up. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
