import type pg from 'pg';
import type { SharedHorizon } from '../log-horizon.ts';
import { foldBatch, mergeBuckets, type RollupRow } from './rollups-rules.ts';
import { loadBuckets, readRollupWindow, saveBuckets } from './rollups-store.ts';
import { processorRunner, type ProcessorDefinition } from './runner.ts';

/** Held by a roll-ups processor run for its transaction. */
export const ROLLUPS_LOCK_KEY = 7262161;

/**
 * Folds every plausible position's numeric IO values into 10-minute buckets per unit (io_rollups),
 * through the processor runner: the buckets a batch touches are read, merged with the batch and
 * written back in the transaction that moves the cursor, so a crash neither loses nor doubles a
 * value, and a late position merges into its (older) bucket like any other. A fresh cursor folds
 * the whole log still kept (the backfill).
 */
export function rollupsProcessor(pool: pg.Pool, opts: {
  batch?: number;
  /** The horizon read shared with the other processors (one gate take serves all of a cycle). */
  horizon?: SharedHorizon;
} = {}) {
  const totals = { runs: 0, rows: 0, buckets: 0 };
  const definition: ProcessorDefinition<RollupRow, { rows: number; buckets: number }> = {
    name: 'rollups',
    lockKey: ROLLUPS_LOCK_KEY,
    batch: opts.batch ?? 20_000,
    read: readRollupWindow,
    async apply(client, rows) {
      const batch = foldBatch(rows);
      const stored = await loadBuckets(client, [...batch.values()]);
      const merged = mergeBuckets(batch, stored);
      await saveBuckets(client, merged);
      return { rows: rows.length, buckets: merged.length };
    },
    onCommitted: (done) => {
      totals.runs += 1;
      totals.rows += done.rows;
      totals.buckets += done.buckets;
    },
  };
  const runner = processorRunner(pool, definition, { horizon: opts.horizon });
  return { ...runner, totals: () => ({ ...totals }) };
}
export type RollupsProcessor = ReturnType<typeof rollupsProcessor>;
