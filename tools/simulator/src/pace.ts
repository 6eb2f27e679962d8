/**
 * A fleet-wide rate for history records: take(n) resolves when n more records fit into
 * `perSecond`, first come first served, so the past trickles in beside the live view instead
 * of flooding the server at start-up. close() releases every waiter (the fleet is stopping).
 */
export class RecordPace {
  private nextMs = 0;
  private readonly waiting = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(records: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    const start = Math.max(this.now(), this.nextMs);
    this.nextMs = start + (records / this.perSecond) * 1000;
    const delay = start - this.now();
    if (delay <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(timer);
        resolve();
      }, delay);
      this.waiting.set(timer, resolve);
    });
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.waiting) {
      clearTimeout(timer);
      resolve();
    }
    this.waiting.clear();
  }
}
