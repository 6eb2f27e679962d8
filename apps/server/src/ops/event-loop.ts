import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The event loop's recent delay for the liveness answer: Node's own histogram, read and restarted
 * every `windowMs`, so the figure is recent (10 to 20 s by default), not an average since the start.
 */
export function eventLoopDelay(windowMs = 10_000) {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  let last = { p99Ms: 0, maxMs: 0 };
  const read = () => ({ p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 });
  const timer = setInterval(() => {
    last = read();
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    /** The 99th percentile and the maximum delay in milliseconds over the window running now and the one before it. */
    current(): { p99Ms: number; maxMs: number } {
      const now = histogram.count > 0 ? read() : { p99Ms: 0, maxMs: 0 };
      return { p99Ms: Math.max(now.p99Ms, last.p99Ms), maxMs: Math.max(now.maxMs, last.maxMs) };
    },
    stop(): void {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
export type EventLoopDelay = ReturnType<typeof eventLoopDelay>;
