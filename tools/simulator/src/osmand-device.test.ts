import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { OsmandDevice, osmandUrl } from './osmand-device.ts';
import { PROFILES } from './profiles.ts';
import { routeById } from './routes/index.ts';
import { waitFor } from './testing/fake-server.ts';
import { Vehicle } from './vehicle.ts';

let server: Server | undefined;
let device: OsmandDevice | undefined;
afterEach(async () => {
  await device?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  device = undefined;
});

/** An OsmAnd endpoint that answers `statuses` in turn (then 200) and records every query. */
async function startOsmandServer(
  statuses: number[],
): Promise<{ port: number; queries: URLSearchParams[]; stored: URLSearchParams[] }> {
  const queries: URLSearchParams[] = [];
  const stored: URLSearchParams[] = [];
  server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    queries.push(query);
    const status = statuses.shift() ?? 200;
    if (status === 200) stored.push(query);
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, queries, stored };
}

describe('OsmandDevice', () => {
  it('builds the Traccar Client query: seconds, knots, bearing, battery', () => {
    const url = new URL(
      osmandUrl('127.0.0.1', 5055, '356209084120469', {
        lat: 53.7935,
        lon: -1.5485,
        timestampMs: 1_700_000_000_999,
        speedKmh: 50,
        heading: 271,
        altitude: 61.4,
        battery: 77.6,
        charging: true,
        accuracy: 6,
      }),
    );
    expect(url.port).toBe('5055');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: '356209084120469',
      lat: '53.793500',
      lon: '-1.548500',
      timestamp: '1700000000',
      speed: '27.0',
      bearing: '271',
      altitude: '61',
      accuracy: '6',
      batt: '78',
      charge: 'true',
    });
  });

  it('retries until the server answers 200 and delivers positions in order without loss', async () => {
    const http = await startOsmandServer([500, 400]);
    const source = new Vehicle({
      route: routeById('leeds-north-roundhay'),
      profile: PROFILES.phone,
      seed: 3,
      startMs: Date.now(),
      start: { phase: 'driving', at: 0.2 },
    });
    device = new OsmandDevice({
      id: '356209084120469',
      host: '127.0.0.1',
      port: http.port,
      intervalMs: 30,
      source,
      backoffMs: { initial: 20, max: 50 },
    });
    device.start();
    await waitFor(() => http.stored.length >= 5, 5000, 'five stored positions');
    const stats = await device.stop();
    expect(stats.failed).toBe(2);
    expect(http.queries[0]?.get('timestamp')).toBe(http.queries[2]?.get('timestamp'));
    // stop() may abort a request the server had already stored (it would be sent again).
    expect(stats.delivered).toBeGreaterThanOrEqual(http.stored.length - 1);
    expect(stats.delivered).toBeLessThanOrEqual(http.stored.length);
    expect(stats.generated).toBe(stats.delivered + stats.queued);
    const times = http.stored.map((q) => Number(q.get('timestamp')));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const q of http.stored) {
      expect(q.get('id')).toBe('356209084120469');
      expect(Number(q.get('lat'))).toBeGreaterThan(53.7);
      expect(Number(q.get('speed'))).toBeGreaterThanOrEqual(0);
    }
  });
});
