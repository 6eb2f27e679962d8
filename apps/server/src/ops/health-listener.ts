import http from 'node:http';
import { listenPlain } from './listen-plain.ts';
import type { EventLoopDelay } from './event-loop.ts';
import type { Readiness } from './readiness.ts';

/**
 * Liveness and readiness for a process without the api role (issue 17: an ingest or worker node),
 * at the same paths and in the same shapes as the api's, so one load balancer or orchestrator check
 * fits every role. GET only; anything else answers 404 in words.
 */
export async function healthListener(opts: {
  port: number; host: string; readiness: Readiness; eventLoop: EventLoopDelay; roles: readonly string[];
}) {
  const started = Date.now();
  const uptimeSeconds = () => Math.round((Date.now() - started) / 1000);
  const json = (res: http.ServerResponse, code: number, body: unknown) =>
    res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/api/v1/health/live') {
      const d = opts.eventLoop.current();
      json(res, 200, { ok: 1, roles: opts.roles, uptimeSeconds: uptimeSeconds(), eventLoopDelayMs: { p99: Math.round(d.p99Ms * 10) / 10, max: Math.round(d.maxMs * 10) / 10 } });
      return;
    }
    if (req.method === 'GET' && path === '/api/v1/health/ready') {
      opts.readiness.check().then(
        (a) => (a.ready
          ? json(res, 200, { ok: 1, ready: true, roles: opts.roles })
          : json(res, 503, { ok: 0, message: `Not ready: ${a.reasons.join(' ')}`, ready: false, reasons: a.reasons, roles: opts.roles })),
        (err: unknown) => json(res, 503, { ok: 0, message: `Not ready: ${err instanceof Error ? err.message : String(err)}`, ready: false }),
      );
      return;
    }
    json(res, 404, { ok: 0, message: `This process runs ${opts.roles.join(', ')} only: it answers GET /api/v1/health/live and /api/v1/health/ready.` });
  });
  return listenPlain(server, opts);
}
