/**
 * Counts events per key in a fixed window and says when a key has had too many. Memory stays
 * bounded: keys whose window has passed are dropped as the map is swept.
 */
export class WindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

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
    if (this.hits.size > 10_000) this.sweep(t);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
    else entry.count += 1;
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private sweep(t: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= t) this.hits.delete(key);
  }
}
