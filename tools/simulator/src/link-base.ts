/**
 * What the simulated devices' links share: they close once, and tell whoever listens; a timed
 * wait for the server's next answer (see TimedWait).
 */
export abstract class LinkBase {
  private closed = false;
  private readonly closeListeners: Array<() => void> = [];

  get isClosed(): boolean {
    return this.closed;
  }

  /** Calls `listener` when the connection closes (at once if it already has). */
  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  /** Marks the link closed; `settle` runs first (to fail the waits), then the close listeners. False if it already was. */
  protected markClosed(settle: () => void): boolean {
    if (this.closed) return false;
    this.closed = true;
    settle();
    for (const l of this.closeListeners.splice(0)) l();
    return true;
  }
}

/** One answer awaited at a time, rejected after its time or when the link fails. */
export class TimedWait<T> {
  private current: { resolve(value: T): void; reject(e: Error): void; timer: NodeJS.Timeout } | undefined;

  get waiting(): boolean {
    return this.current !== undefined;
  }

  /** Waits for `settle`; rejects with `timeoutMessage` after `timeoutMs`. */
  start(timeoutMs: number, timeoutMessage: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.current = undefined;
        reject(new Error(timeoutMessage));
      }, timeoutMs);
      this.current = { resolve, reject, timer };
    });
  }

  /** The answer arrived; false when nobody was waiting. */
  settle(value: T): boolean {
    const w = this.current;
    if (!w) return false;
    this.current = undefined;
    clearTimeout(w.timer);
    w.resolve(value);
    return true;
  }

  fail(err: Error): void {
    const w = this.current;
    if (!w) return;
    this.current = undefined;
    clearTimeout(w.timer);
    w.reject(err);
  }
}
