import { bucketOf, cellOf, mergeCells, numericIo, type RollupVals } from '@fleet/shared';

/** A log row as the roll-ups read it. */
export interface RollupRow {
  id: string;
  unit_id: number;
  /** Device time, ms. */
  t: number;
  io: Record<string, unknown>;
  /** Flagged implausible: read only so the cursor passes it. */
  flagged: boolean;
}

/** One unit's bucket: its cells and the positions folded in. */
export interface RollupBucket {
  unitId: number;
  /** The bucket's start, ms. */
  bucket: number;
  vals: RollupVals;
  n: number;
}

/** The key of a unit's bucket in the maps below. */
export const bucketKey = (unitId: number, bucket: number): string => `${unitId}:${bucket}`;

/**
 * Folds a batch of the log into buckets (rules: packages/shared explorer/rollup.ts): every plausible
 * position's numeric IO values, in whatever order the rows come. Flagged rows are left out.
 */
export function foldBatch(rows: readonly RollupRow[]): Map<string, RollupBucket> {
  const out = new Map<string, RollupBucket>();
  for (const r of rows) {
    if (r.flagged) continue;
    const bucket = bucketOf(r.t);
    const key = bucketKey(r.unit_id, bucket);
    let b = out.get(key);
    if (!b) out.set(key, (b = { unitId: r.unit_id, bucket, vals: {}, n: 0 }));
    b.n += 1;
    const at = r.t - bucket;
    for (const k in r.io) {
      const v = numericIo(r.io[k]);
      if (v === null) continue;
      const c = b.vals[k];
      if (!c) {
        b.vals[k] = cellOf(v, at);
        continue;
      }
      // mergeCells(c, cellOf(v, at)) in place: a batch folds millions of values (no array each).
      if (v < c[0]) c[0] = v;
      if (v > c[1]) c[1] = v;
      if (at < c[6]) { c[6] = at; c[2] = v; }
      if (at >= c[7]) { c[7] = at; c[3] = v; }
      c[4] += v;
      c[5] += 1;
    }
  }
  return out;
}

/** The batch's buckets merged into the stored ones (those it touches), ready to be written back. */
export function mergeBuckets(batch: ReadonlyMap<string, RollupBucket>, stored: ReadonlyMap<string, RollupBucket>): RollupBucket[] {
  return [...batch.entries()].map(([key, b]) => {
    const s = stored.get(key);
    if (!s) return b;
    const vals: RollupVals = { ...s.vals };
    for (const [k, cell] of Object.entries(b.vals)) {
      const had = vals[k];
      vals[k] = had ? mergeCells(had, cell) : cell;
    }
    return { unitId: b.unitId, bucket: b.bucket, vals, n: s.n + b.n };
  });
}
