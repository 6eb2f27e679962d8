// The ingest side alone, in its own process, for the benchmarks: listeners, writer and state processor.
import { connect } from '@fleet/db';
import pino from 'pino';
import { createIngest } from '../apps/server/src/ingest/ingest.ts';

const database = connect(process.env.BENCH_DB_URL as string, { max: 12 });
const ingest = createIngest(database.pool, pino({ level: 'warn' }), {
  teltonikaPort: 0, osmandPort: 0, host: '127.0.0.1',
  limits: { maxConnectionsPerAddress: 20_000, loginTimeoutMs: 120_000 },
});
await ingest.start();
process.send?.({ port: ingest.ports.teltonika, ports: ingest.ports });
process.on('message', (m) => {
  if (m === 'rss') {
    global.gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  }
  if (m === 'stats') process.send?.({ stats: ingest.stats.snapshot() });
});
process.on('SIGTERM', async () => {
  await ingest.stop();
  await database.close();
  process.exit(0);
});
