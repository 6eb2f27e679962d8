import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { formatStatus, runFleet } from './fleet.ts';
import { type DeviceSpec, syntheticSpecs } from './specs.ts';
import { startFakeServer, waitFor } from './testing/fake-server.ts';

describe('runFleet', () => {
  it('runs Teltonika devices and phones, reports status lines and stops after --duration', async () => {
    const tcp = await startFakeServer();
    let phoneRequests = 0;
    const http = createServer((_, res) => {
      phoneRequests++;
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address = http.address();
    const osmandPort = typeof address === 'object' && address ? address.port : 0;
    const phone: DeviceSpec = {
      imei: '356209084120469',
      protocol: 'osmand',
      unitTypeId: 20,
      routeId: 'leeds-airport',
      label: 'Phone',
      start: { phase: 'driving', at: 0.5 },
    };
    const lines: string[] = [];
    const fleet = runFleet({
      devices: [...syntheticSpecs(4), phone],
      host: '127.0.0.1',
      port: tcp.port,
      osmandPort,
      intervalMs: 50,
      durationMs: 1200,
      staggerMs: 200,
      statusEveryMs: 300,
      print: (line) => lines.push(line),
    });
    await waitFor(() => fleet.stats().connected === 4, 5000, 'the four Teltonika devices to connect');
    expect(fleet.stats()).toMatchObject({ devices: 5, protocol: 'teltonika', trackers: 4, phones: 1, connected: 4 });
    const final = await fleet.done;
    expect(await fleet.stop()).toEqual(final);
    try {
      expect(final.connected).toBe(0);
      expect(final.connects).toBe(4);
      expect(final.acked).toBeGreaterThan(20);
      // The server may have acked a packet whose ack the device never read before it stopped.
      expect(final.acked).toBeLessThanOrEqual(tcp.acked().length);
      expect(final.acked).toBeGreaterThanOrEqual(tcp.acked().length - 4 * 20);
      expect(final.generated).toBe(final.acked + final.buffered);
      expect(final.phoneDelivered).toBeLessThanOrEqual(phoneRequests);
      expect(final.phoneDelivered).toBeGreaterThan(1);
      expect(new Set(tcp.logins.map((l) => l.imei)).size).toBe(4);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines[0]).toMatch(
        /^\[sim 00:00:0\d\] connected \d\/4 · records sent \d+ acked \d+ resent 0 buffered \d+ · phones 1: /,
      );
      expect(formatStatus(final)).toContain(`acked ${final.acked}`);
    } finally {
      await tcp.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
