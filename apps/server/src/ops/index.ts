/** Operations (issue 17): readiness, metrics, the event loop's delay, request ids and log redaction. */
export { createMetrics, type Metrics, type MetricSources } from './metrics.ts';
export { metricsListener } from './metrics-server.ts';
export { healthListener } from './health-listener.ts';
export { readiness, type Readiness, type ReadinessAnswer, type ReadinessChecks } from './readiness.ts';
export { eventLoopDelay, type EventLoopDelay } from './event-loop.ts';
export { LOG_REDACT, REQUEST_ID_HEADER, requestIdOf } from './logging.ts';
export { onStopSignals, STOP_SIGNALS, type StopSignal } from './signals.ts';
