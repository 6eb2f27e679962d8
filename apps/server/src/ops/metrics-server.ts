import http from 'node:http';
import { listenPlain } from './listen-plain.ts';
import type { Metrics } from './metrics.ts';

/**
 * The metrics' own HTTP listener (METRICS_HOST:METRICS_PORT), never the public port: the
 * numbers describe the installation's load and are for its monitoring only. GET /metrics only.
 */
export async function metricsListener(metrics: Metrics, opts: { port: number; host: string }) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here.\n');
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`The metrics could not be collected: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  });
  return listenPlain(server, opts);
}
