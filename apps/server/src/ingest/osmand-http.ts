import { osmandEventIo, parseOsmand, ProtocolError } from '@fleet/protocols';
import http from 'node:http';
import type { IngestDeps } from './ingest-deps.ts';
import { UnstorableRowError } from './position-writer.ts';
import { sourceAllowed } from './source-allow.ts';

const MAX_BODY = 64 * 1024;

/**
 * The OsmAnd protocol of the Traccar Client phone app: GET or POST with query parameters, or a
 * JSON body. 200 once the position is committed (an implausible one is stored flagged); 400 for an
 * unknown device, a source outside OSMAND_ALLOW (the same answer, so it tells nothing), a malformed
 * request or values the log cannot hold (a request without coordinates is a report without a fix, stored); 503 "send again" only when storing failed for a reason
 * that can pass (the database), never for the request's own content.
 */
export function osmandHttpServer(deps: IngestDeps) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reply(res, 413, 'body too large');
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks)).then(
        ([status, text]) => reply(res, status, text),
        (err: unknown) => {
          deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'OsmAnd position not stored');
          reply(res, 503, 'not stored, send again');
        },
      );
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;

  async function handle(req: http.IncomingMessage, body: Buffer): Promise<[number, string]> {
    const url = new URL(req.url ?? '/', 'http://device');
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key);
    let parsed;
    try {
      parsed = parseOsmand({
        query, body: body.length ? body.toString('utf8') : undefined,
        contentType: req.headers['content-type'], receivedAtMs: Date.now(),
      });
    } catch (err) {
      if (err instanceof ProtocolError) {
        deps.stats.closed(`osmand:${err.code}`);
        return [400, err.message];
      }
      throw err;
    }
    if (!sourceAllowed(deps.allow.osmand, req.socket.remoteAddress)) {
      deps.stats.closed('osmand:source-not-allowed');
      return [400, 'unknown device'];
    }
    const unit = await deps.directory.lookup(parsed.deviceId);
    if (!unit) {
      await deps.directory.recordUnknown(parsed.deviceId, 'osmand', req.socket.remoteAddress ?? '');
      deps.stats.closed('osmand:unknown-device');
      return [400, 'unknown device'];
    }
    let written;
    try {
      // A report without a fix is stored at 0,0 with io.fix = 0: flagged no-fix, it never moves the vehicle.
      written = await deps.writer.write([{
        unitId: unit.unitId, deviceTimeMs: parsed.timestampMs, lat: parsed.lat, lon: parsed.lon,
        altitude: Math.round(parsed.altitude ?? 0), angle: Math.round(parsed.bearing ?? 0), satellites: 0,
        speed: Math.round(parsed.speedKmh ?? 0), priority: 0, eventIo: osmandEventIo(parsed.io), io: parsed.io, protocol: 'osmand',
      }]);
    } catch (err) {
      if (!(err instanceof UnstorableRowError)) throw err;
      deps.stats.closed('osmand:unstorable');
      return [400, `position not stored: ${err.message}`];
    }
    deps.frames.add(unit.unitId, 'in', 'osmand', Buffer.from(`${req.method} ${redact(req.url ?? '')}`), () => parsed);
    deps.stats.accepted(written);
    deps.onStored();
    return [200, 'OK'];
  }

  return {
    server,
    listen(port: number, host = '0.0.0.0'): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const a = server.address();
          resolve(typeof a === 'object' && a ? a.port : port);
        });
      });
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function reply(res: http.ServerResponse, status: number, text: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
}

const redact = (url: string) => url.slice(0, 500);
