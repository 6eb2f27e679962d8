import { describe, expect, it } from 'vitest';
import { bucketKey, foldBatch, mergeBuckets, type RollupRow } from './rollups-rules.ts';

const T0 = Date.parse('2026-11-24T10:00:00Z');
const row = (id: number, unit: number, s: number, io: Record<string, unknown>, flagged = false): RollupRow =>
  ({ id: String(id), unit_id: unit, t: T0 + s * 1000, io, flagged });

describe('roll-ups of a batch', () => {
  it('folds numeric values per unit and bucket, leaving out text values and flagged rows', () => {
    const out = foldBatch([
      row(1, 7, 0, { 66: 12_000, 281: 'P0301' }), row(2, 7, 1, { 66: 12_500, 16: '9007199254740' }),
      row(3, 7, 2, { 66: 1 }, true), row(4, 8, 0, { 66: 24_000 }), row(5, 7, 600, { 66: 13_000 }),
    ]);
    expect([...out.keys()].sort()).toEqual([bucketKey(7, T0), bucketKey(7, T0 + 600_000), bucketKey(8, T0)].sort());
    const b = out.get(bucketKey(7, T0));
    expect(b?.n).toBe(2);
    expect(b?.vals).toEqual({ 66: [12_000, 12_500, 12_000, 12_500, 24_500, 2, 0, 1000], 16: [9007199254740, 9007199254740, 9007199254740, 9007199254740, 9007199254740, 1, 1000, 1000] });
  });

  it('merges a batch into the stored buckets: the same as folding everything at once', () => {
    const rows = [row(1, 7, 5, { 85: 900 }), row(2, 7, 6, { 85: 700 }), row(3, 7, 1, { 85: 3000 }), row(4, 7, 9, { 85: 800, 66: 1 })];
    const whole = foldBatch(rows);
    const stored = foldBatch(rows.slice(0, 2));
    const merged = mergeBuckets(foldBatch(rows.slice(2)), stored);
    expect(merged).toEqual([...whole.values()]);
  });
});
