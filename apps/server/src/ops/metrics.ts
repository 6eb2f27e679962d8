import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';

/** Where the gauges read at scrape time come from; set once the parts exist (main.ts, app.ts). */
export interface MetricSources {
  /** The log processors' lag, by processor (IngestStats.processorLag). */
  processorLag?: () => Record<string, { rowsBehind: number; secondsBehind: number }>;
  /** Socket.IO clients connected now (the realtime gateway). */
  sockets?: () => number;
  /** The PostgreSQL pool whose clients are counted. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
}

let processRegistry: Registry | undefined;
/**
 * Node's own metrics (event-loop delay, heap, CPU, GC, handles), once per process: prom-client's
 * collectors start process-wide monitors (a GC observer, an event-loop histogram) that are never
 * stopped, so one set serves every registry rather than a new set per app (tests build many).
 */
function nodeRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/**
 * The server's Prometheus metrics, in a registry of their own (never prom-client's global one, so
 * several apps in one process, as in the tests, do not collide). Counters and histograms are
 * moved by the hot paths once per batch or request; gauges are read when scraped.
 */
export function createMetrics(sources: MetricSources = {}) {
  const registry = new Registry();
  const registers = [registry];
  const positionsStored = new Counter({
    name: 'fleet_positions_stored_total',
    help: 'Device positions committed to the positions log (re-sent duplicates not counted); rate() gives positions per second.',
    registers,
  });
  const batchRows = new Histogram({
    name: 'fleet_writer_batch_rows',
    help: 'Rows per statement of the group-commit position writer.',
    buckets: [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2000, 4000],
    registers,
  });
  const commitSeconds = new Histogram({
    name: 'fleet_writer_commit_seconds',
    help: 'Time from sending a batch of positions to its commit.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  new Gauge({
    name: 'fleet_processor_lag_rows',
    help: 'Rows of the positions log a processor has still to read.',
    labelNames: ['processor'],
    registers,
    collect() {
      this.reset();
      for (const [processor, lag] of Object.entries(sources.processorLag?.() ?? {})) this.set({ processor }, lag.rowsBehind);
    },
  });
  new Gauge({
    name: 'fleet_processor_lag_seconds',
    help: 'How far behind the log horizon a processor is, in seconds of device time.',
    labelNames: ['processor'],
    registers,
    collect() {
      this.reset();
      for (const [processor, lag] of Object.entries(sources.processorLag?.() ?? {})) this.set({ processor }, lag.secondsBehind);
    },
  });
  new Gauge({
    name: 'fleet_socket_clients',
    help: 'Socket.IO clients connected (browsers and cab devices).',
    registers,
    collect() {
      this.set(sources.sockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'fleet_db_pool_clients',
    help: 'PostgreSQL pool clients by state: total (open), idle, waiting (callers queued for a client).',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = sources.pool;
      this.set({ state: 'total' }, pool?.totalCount ?? 0);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
      this.set({ state: 'waiting' }, pool?.waitingCount ?? 0);
    },
  });
  const httpSeconds = new Histogram({
    name: 'fleet_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their duration.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  return {
    registry,
    sources,
    /** The position writer's onCommit (ingest/position-writer.ts): one batch committed. */
    writerCommitted(rows: number, stored: number, seconds: number): void {
      positionsStored.inc(stored);
      batchRows.observe(rows);
      commitSeconds.observe(seconds);
    },
    /** One HTTP answer; `route` is the matched pattern (never the raw path: its ids would make endless series). */
    httpAnswered(method: string, route: string, statusCode: number, seconds: number): void {
      httpSeconds.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    /** The text a Prometheus scrape reads: this registry's metrics and the process's. */
    async scrape(): Promise<string> {
      return `${await registry.metrics()}\n${await nodeRegistry().metrics()}`;
    },
    contentType: registry.contentType,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
