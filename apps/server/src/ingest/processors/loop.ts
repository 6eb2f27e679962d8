/**
 * Runs a log processor: at once when kicked (new positions were stored), else every `idleMs`;
 * under load, runs are spaced about `minIntervalMs` apart so each takes a bigger bite of the log.
 */
export function processorLoop(runOnce: () => Promise<number>, opts: {
  batch: number; idleMs?: number; minIntervalMs?: number; onError?: (err: unknown) => void;
}) {
  let running = false;
  let dirty = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  return {
    kick(): void {
      dirty = true;
      wake?.();
    },
    start(): void {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let n = 0;
          dirty = false;
          const runStarted = Date.now();
          try {
            n = await runOnce();
          } catch (err) {
            opts.onError?.(err);
          }
          // Under load, runs start on a shared grid (multiples of the interval), so processors kicked
          // by the same commits run together and one log-horizon read serves them all.
          const interval = opts.minIntervalMs ?? 100;
          const spacing = Date.now() - runStarted >= interval ? 0 : interval - (Date.now() % interval);
          if (n < opts.batch && spacing > 0 && running) await new Promise((r) => setTimeout(r, spacing));
          if (n < opts.batch && running && !dirty) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, opts.idleMs ?? 500);
              wake = () => { clearTimeout(timer); resolve(); };
            });
            wake = undefined;
          }
        }
      })();
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
    },
  };
}
