import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a small operations listener (metrics, a non-api node's health) on its port: keep-alive
 * kept short (a scraper's or a probe's connection is kept no longer than it needs), the port it got,
 * and a close that also ends idle connections.
 */
export async function listenPlain(server: http.Server, opts: { port: number; host: string }) {
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
