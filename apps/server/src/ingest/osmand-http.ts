import { type OsmandPosition, osmandEventIo, parseOsmandReports, ProtocolError } from '@fleet/protocols';
import http from 'node:http';
import type { IngestDeps } from './ingest-deps.ts';
import { type PositionRow, unstorableReason, UnstorableRowError } from './position-writer.ts';
import { sourceAllowed } from './source-allow.ts';

// Room for a full batch (OSMAND_MAX_BATCH locations of the app's JSON, ~0.7 KB each: under 3 MiB); a single
// report is far smaller.
const MAX_BODY = 4 * 1024 * 1024;

/**
 * The OsmAnd protocol of the Traccar Client phone app: GET or POST with query parameters, or a
 * JSON body with one location or a batch of them (all stored in one write, or none). 200 once the
 * positions are committed (an implausible one is stored flagged); 400 for an
 * unknown device, a source outside OSMAND_ALLOW (the same answer, so it tells nothing), a malformed
 * request or values the log cannot hold (a request without coordinates is a report without a fix, stored); 503 "send again" only when storing failed for a reason
 * that can pass (the database), never for the request's own content; 413 for a body or a batch
 * beyond the limits.
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
    let reports: OsmandPosition[];
    try {
      reports = parseOsmandReports({
        query, body: body.length ? body.toString('utf8') : undefined,
        contentType: req.headers['content-type'], receivedAtMs: Date.now(),
      });
    } catch (err) {
      if (err instanceof ProtocolError) {
        deps.stats.closed(`osmand:${err.code}`);
        return [err.code === 'length_exceeded' ? 413 : 400, err.message];
      }
      throw err;
    }
    if (!sourceAllowed(deps.allow.osmand, req.socket.remoteAddress)) {
      deps.stats.closed('osmand:source-not-allowed');
      return [400, 'unknown device'];
    }
    // Every report of a request names the same device (one device_id per body).
    const deviceId = (reports[0] as OsmandPosition).deviceId;
    const unit = await deps.directory.lookup(deviceId);
    if (!unit) {
      await deps.directory.recordUnknown(deviceId, 'osmand', req.socket.remoteAddress ?? '');
      deps.stats.closed('osmand:unknown-device');
      return [400, 'unknown device'];
    }
    // A report without a fix is stored at 0,0 with io.fix = 0: flagged no-fix, it never moves the vehicle.
    const rows: PositionRow[] = reports.map((p) => ({
      unitId: unit.unitId, deviceTimeMs: p.timestampMs, lat: p.lat, lon: p.lon,
      altitude: Math.round(p.altitude ?? 0), angle: Math.round(p.bearing ?? 0), satellites: 0,
      speed: Math.round(p.speedKmh ?? 0), priority: 0, eventIo: osmandEventIo(p.io), io: p.io, protocol: 'osmand',
    }));
    // Checked here too so that the answer names the location of a batch the log cannot hold.
    const refused = rows.findIndex((r) => unstorableReason(r) !== null);
    if (refused >= 0) {
      deps.stats.closed('osmand:unstorable');
      const why = unstorableReason(rows[refused] as PositionRow) as string;
      return [400, reports.length > 1 ? `location[${refused}]: position not stored: ${why}` : `position not stored: ${why}`];
    }
    let written;
    try {
      // One write for the whole batch: committed together, so the 200 covers every location.
      written = await deps.writer.write(rows);
    } catch (err) {
      if (!(err instanceof UnstorableRowError)) throw err;
      deps.stats.closed('osmand:unstorable');
      return [400, `position not stored: ${err.message}`];
    }
    deps.frames.add(unit.unitId, 'in', 'osmand', Buffer.from(`${req.method} ${redact(req.url ?? '')}`), () => (reports.length === 1 ? reports[0] : reports));
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
