import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';

const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('metrics', () => {
  it('count stored positions, batch sizes and commit times once per batch', async () => {
    const m = createMetrics();
    m.writerCommitted(40, 38, 0.004);
    m.writerCommitted(2, 2, 0.2);
    const text = await m.scrape();
    expect(value(text, 'fleet_positions_stored_total')).toBe(40);
    expect(value(text, 'fleet_writer_batch_rows_count')).toBe(2);
    expect(value(text, 'fleet_writer_batch_rows_sum')).toBe(42);
    expect(value(text, 'fleet_writer_batch_rows_bucket{le="25"}')).toBe(1);
    expect(value(text, 'fleet_writer_commit_seconds_bucket{le="0.005"}')).toBe(1);
    expect(value(text, 'fleet_writer_commit_seconds_count')).toBe(2);
  });

  it('read the gauges from their sources when scraped, and zeros before there are any', async () => {
    const m = createMetrics();
    expect(value(await m.scrape(), 'fleet_socket_clients')).toBe(0);
    let sockets = 3;
    m.sources.sockets = () => sockets;
    m.sources.pool = { totalCount: 7, idleCount: 5, waitingCount: 1 };
    m.sources.processorLag = () => ({ trips: { rowsBehind: 120, secondsBehind: 4.5 }, state: { rowsBehind: 0, secondsBehind: 0 } });
    let text = await m.scrape();
    expect(value(text, 'fleet_socket_clients')).toBe(3);
    expect(value(text, 'fleet_db_pool_clients{state="total"}')).toBe(7);
    expect(value(text, 'fleet_db_pool_clients{state="idle"}')).toBe(5);
    expect(value(text, 'fleet_db_pool_clients{state="waiting"}')).toBe(1);
    expect(value(text, 'fleet_processor_lag_rows{processor="trips"}')).toBe(120);
    expect(value(text, 'fleet_processor_lag_seconds{processor="trips"}')).toBe(4.5);
    sockets = 1;
    m.sources.processorLag = () => ({ state: { rowsBehind: 2, secondsBehind: 1 } });
    text = await m.scrape();
    expect(value(text, 'fleet_socket_clients')).toBe(1);
    // A processor no longer reported is no longer a series.
    expect(value(text, 'fleet_processor_lag_rows{processor="trips"}')).toBeUndefined();
    expect(value(text, 'fleet_processor_lag_rows{processor="state"}')).toBe(2);
  });

  it('keep each app\'s figures in its own registry, with the process\'s own metrics in every scrape', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.writerCommitted(5, 5, 0.01);
    a.httpAnswered('GET', '/api/v1/health', 200, 0.002);
    const [ta, tb] = [await a.scrape(), await b.scrape()];
    expect(value(ta, 'fleet_positions_stored_total')).toBe(5);
    expect(value(tb, 'fleet_positions_stored_total')).toBe(0);
    expect(value(ta, 'fleet_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status_code="200"}')).toBe(1);
    expect(tb).not.toContain('route="/api/v1/health"');
    for (const t of [ta, tb]) {
      expect(t).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect(t).toContain('# TYPE process_cpu_seconds_total counter');
    }
  });
});
