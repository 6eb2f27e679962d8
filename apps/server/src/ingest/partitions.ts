import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { runPartitionUpkeep, type UpkeepOptions } from '@fleet/db';
import { pruneRollups } from './processors/rollups-store.ts';

/*
 * The positions log's partition upkeep (packages/db partitions.ts: months ahead, retention), run
 * at the ingest's start and then daily. A run that fails is logged and the next one tries again.
 */

/** The upkeep at start and every `everyMs` (a day); failures are logged and retried at the next run. */
export function partitionUpkeep(pool: pg.Pool, log: FastifyBaseLogger, options: UpkeepOptions & { everyMs?: number } = {}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runPartitionUpkeep(pool, Date.now(), options).then((report) => {
      if (report && (report.created.length || report.dropped.length || report.moved || report.deleted)) log.info(report, 'positions partitions kept');
      // The IO roll-ups (issue 16) go with the positions they summed (one server at a time: the one that held the upkeep's lock).
      if (!report) return;
      return pruneRollups(pool, Date.now()).then((n) => { if (n > 0) log.info({ rollups: n }, 'IO roll-ups past retention dropped'); });
    }).catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'positions partition upkeep failed: will retry'));
    return running;
  };
  return {
    run,
    start(): Promise<void> {
      timer = setInterval(() => void run(), options.everyMs ?? 24 * 3600_000);
      timer.unref();
      return run();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
