import { describe, expect, it } from 'vitest';
import { bucketOf, cellOf, mergeCells, mergeVals, numericIo, readCell, ROLLUP_BUCKET_MS, type RollupCell } from './rollup.ts';

const fold = (points: Array<[number, number]>): RollupCell =>
  points.map(([at, v]) => cellOf(v, at)).reduce((a, b) => mergeCells(a, b));

describe('IO roll-up cells', () => {
  it('folds min, max, first, last, sum and count', () => {
    expect(fold([[0, 4], [1000, 9], [2000, -1], [3000, 6]])).toEqual([-1, 9, 4, 6, 18, 4, 0, 3000]);
  });

  it('gives the same cell whatever order the values arrive in (late positions)', () => {
    const points: Array<[number, number]> = [[0, 4], [1000, 9], [2000, -1], [3000, 6], [4000, 2]];
    const inOrder = fold(points);
    const shuffled = fold([points[3]!, points[0]!, points[4]!, points[1]!, points[2]!]);
    expect(shuffled).toEqual(inOrder);
    // A batch folded first, the late one merged into the stored cell afterwards.
    const stored = fold(points.slice(1));
    expect(mergeCells(stored, cellOf(4, 0))).toEqual(inOrder);
  });

  it('merges bucket values element by element', () => {
    const into = { 66: cellOf(12_000, 0) };
    mergeVals(into, { 66: cellOf(13_000, 500), 85: cellOf(900, 500) });
    expect(into).toEqual({ 66: [12_000, 13_000, 12_000, 13_000, 25_000, 2, 0, 500], 85: [900, 900, 900, 900, 900, 1, 500, 500] });
  });

  it('reads numbers and digit strings as numbers, not text', () => {
    expect(numericIo(12)).toBe(12);
    expect(numericIo('1234567890123')).toBe(1_234_567_890_123);
    expect(numericIo('0x1F')).toBeNull();
    expect(numericIo('P0301,P0420')).toBeNull();
    expect(numericIo(Number.NaN)).toBeNull();
  });

  it('puts times in 10-minute buckets and refuses malformed stored cells', () => {
    expect(bucketOf(Date.parse('2026-11-24T10:19:59.999Z'))).toBe(Date.parse('2026-11-24T10:10:00Z'));
    expect(ROLLUP_BUCKET_MS).toBe(600_000);
    expect(readCell([1, 2, 3])).toBeNull();
    expect(readCell([1, 2, 1, 2, 3, 2, 0, 'x'])).toBeNull();
    expect(readCell([1, 2, 1, 2, 3, 2, 0, 5])).toEqual([1, 2, 1, 2, 3, 2, 0, 5]);
  });
});
