/**
 * IO roll-ups (issue 16): each unit's numeric IO values folded into 10-minute buckets, so the
 * explorer charts a month without reading millions of positions. A bucket's value of one IO
 * element is a cell `[min, max, first, last, sum, count, firstAt, lastAt]`, the two times in ms
 * after the bucket's start: with them a position that arrives late (or a batch read out of order)
 * merges into the cell exactly as if it had come in order. Merging is associative and commutative.
 */

/** The width of a roll-up bucket, ms. */
export const ROLLUP_BUCKET_MS = 10 * 60_000;

/** [min, max, first, last, sum, count, firstAt, lastAt] (times: ms after the bucket's start). */
export type RollupCell = [number, number, number, number, number, number, number, number];
/** A bucket's cells by IO element id. */
export type RollupVals = Record<string, RollupCell>;

/** The start (ms) of the bucket that holds a time (ms). */
export function bucketOf(t: number): number {
  return Math.floor(t / ROLLUP_BUCKET_MS) * ROLLUP_BUCKET_MS;
}

/** A stored IO value as a number for the roll-ups: numbers, and big values stored as digits; text (fault codes, hex) is not. */
export function numericIo(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^-?\d{1,19}$/.test(v)) return Number(v);
  return null;
}

/** One value at `at` ms after the bucket's start, as a cell. */
export function cellOf(v: number, at: number): RollupCell {
  return [v, v, v, v, v, 1, at, at];
}

/** Two cells of the same bucket and element as one: min of mins, max of maxes, the earliest first and latest last, sums and counts added. */
export function mergeCells(a: RollupCell, b: RollupCell): RollupCell {
  const [firstV, firstAt] = b[6] < a[6] ? [b[2], b[6]] : [a[2], a[6]];
  const [lastV, lastAt] = b[7] >= a[7] ? [b[3], b[7]] : [a[3], a[7]];
  return [Math.min(a[0], b[0]), Math.max(a[1], b[1]), firstV, lastV, a[4] + b[4], a[5] + b[5], firstAt, lastAt];
}

/** Folds `more` into `into` (changed in place), element by element. */
export function mergeVals(into: RollupVals, more: Readonly<RollupVals>): RollupVals {
  for (const [k, cell] of Object.entries(more)) {
    const had = into[k];
    into[k] = had ? mergeCells(had, cell) : cell;
  }
  return into;
}

/** A stored cell read back; anything malformed (hand-edited, older shape) is null. */
export function readCell(x: unknown): RollupCell | null {
  if (!Array.isArray(x) || x.length !== 8 || !x.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  return x as RollupCell;
}
