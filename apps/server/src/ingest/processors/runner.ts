import { checkout } from '@fleet/db';
import type pg from 'pg';
import { sharedHorizon, type SharedHorizon } from '../log-horizon.ts';
import { readCursor, tryProcessorLock, writeCursor } from './cursor-store.ts';

/** The stretch of the positions log a run reads: ids after `from`, up to `to` (the horizon), at most `limit` rows. */
export interface LogWindow {
  from: string;
  to: string;
  limit: number;
}

/** What a processor read from its window: the rows it works on, how many rows of the log the window held, and the last id. */
export interface WindowRead<Row> {
  rows: Row[];
  /** Rows of the log in the window (0: nothing to do); may exceed rows.length when the read leaves some out. */
  count: number;
  /** The id the cursor moves to; unused when count is 0. */
  lastId: string;
}

/**
 * A log processor: what it reads, what it writes, and whom it tells. The runner does the rest (lock,
 * cursor, horizon, batching, commit); its loop does the retrying and the shared timing.
 */
export interface ProcessorDefinition<Row, Result> {
  /** Its cursor's name in processor_cursors. */
  name: string;
  /** Its advisory lock: one run at a time over all server processes. */
  lockKey: number;
  /** Rows of the log per run, at most. */
  batch: number;
  /** Before a run takes its connection (e.g. loading what rows are matched against). */
  prepare?: () => Promise<void>;
  read(client: pg.PoolClient, window: LogWindow): Promise<WindowRead<Row>>;
  /** Writes the run's outcome through a repository, in the run's transaction; the cursor moves with it. */
  apply(client: pg.PoolClient, rows: Row[]): Promise<Result>;
  /** After the commit, outside the transaction: tell listeners (never called for a run that rolled back). */
  onCommitted?: (result: Result) => void;
}

export type Connect = () => Promise<pg.PoolClient & { done(): void }>;

/**
 * Runs a processor over the positions log. It reads rows by id only up to the log horizon (below
 * which every id is settled), so no row committed late is ever skipped; the cursor moves in the same
 * transaction as what the processor wrote, so a restart resumes exactly. A run that finds another
 * holding the lock does nothing and reports 0.
 */
export function processorRunner<Row, Result>(pool: pg.Pool, def: ProcessorDefinition<Row, Result>, opts: {
  /** The horizon read shared with the other processors (one gate take serves all of a cycle). */
  horizon?: SharedHorizon | undefined;
  /** How a run gets its connection (tests pass a fake). */
  connect?: Connect;
} = {}) {
  const horizons = (opts.horizon ?? sharedHorizon()).reader();
  const connect = opts.connect ?? (() => checkout(pool));
  // How far behind the log this processor is, as of its last run here (issue 17: every processor's
  // lag in the metrics). Without a row's time, "seconds behind" counts from when it was last caught up.
  const lag = { cursor: '0', horizon: '0', rowsBehind: 0, secondsBehind: 0, lastRunAt: null as string | null };
  let caughtUpAt = Date.now();
  const noteLag = (cursor: string, horizon: string) => {
    const now = Date.now();
    lag.cursor = cursor;
    lag.horizon = horizon;
    lag.rowsBehind = Math.max(0, Number(BigInt(horizon) - BigInt(cursor)));
    if (lag.rowsBehind === 0) caughtUpAt = now;
    lag.secondsBehind = lag.rowsBehind > 0 ? Math.round((now - caughtUpAt) / 100) / 10 : 0;
    lag.lastRunAt = new Date(now).toISOString();
  };

  /** One run: the number of log rows it got past (a full batch: more may be waiting). */
  async function runOnce(): Promise<number> {
    const ticket = horizons.ticket();
    await def.prepare?.();
    const client = await connect();
    let result: Result;
    let count: number;
    try {
      const horizon = await horizons.read(client, ticket);
      await client.query('BEGIN');
      if (!(await tryProcessorLock(client, def.lockKey))) {
        await client.query('ROLLBACK');
        return 0;
      }
      const from = await readCursor(client, def.name);
      const read = await def.read(client, { from, to: horizon, limit: def.batch });
      count = read.count;
      if (count === 0) {
        await client.query('COMMIT');
        noteLag(horizon, horizon);
        return 0;
      }
      result = await def.apply(client, read.rows);
      await writeCursor(client, def.name, read.lastId);
      await client.query('COMMIT');
      noteLag(read.lastId, horizon);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.done();
    }
    def.onCommitted?.(result);
    return count;
  }

  return { runOnce, batch: def.batch, name: def.name, lag: () => ({ ...lag }) };
}
export type ProcessorRunner = ReturnType<typeof processorRunner>;
