/**
 * Downsampling for the explorer's chart (issue 16): a series of any length becomes at most two
 * points per pixel column, the lowest and the highest of the column in their time order. Unlike
 * averaging or LTTB alone, a single spike always survives: it is its column's maximum.
 */

/** A series: times (ms, ascending) and values (null: no value at that time, a gap). */
export interface Series {
  t: number[];
  v: Array<number | null>;
}

/**
 * Keeps, of each of `buckets` equal columns of [from, to), the point with the lowest and the one
 * with the highest value (one point when they are the same), in time order. Points outside the
 * range are dropped; nulls are kept only as a gap marker where a column holds nothing else.
 */
export function minMaxDownsample(s: Series, from: number, to: number, buckets: number): Series {
  const out: Series = { t: [], v: [] };
  if (!(to > from) || buckets < 1) return out;
  const width = (to - from) / buckets;
  let col = -1;
  let lo = -1;
  let hi = -1;
  let gap = -1;
  const flush = () => {
    if (lo < 0) {
      if (gap >= 0) push(gap);
      return;
    }
    if (lo === hi) push(lo);
    else if (lo < hi) { push(lo); push(hi); } else { push(hi); push(lo); }
  };
  const push = (i: number) => {
    out.t.push(s.t[i] as number);
    out.v.push(s.v[i] ?? null);
  };
  for (let i = 0; i < s.t.length; i++) {
    const t = s.t[i] as number;
    if (t < from || t >= to) continue;
    const c = Math.min(buckets - 1, Math.floor((t - from) / width));
    if (c !== col) {
      if (col >= 0) flush();
      col = c;
      lo = hi = gap = -1;
    }
    const v = s.v[i];
    if (v === null || v === undefined) {
      if (gap < 0) gap = i;
      continue;
    }
    if (lo < 0 || v < (s.v[lo] as number)) lo = i;
    if (hi < 0 || v > (s.v[hi] as number)) hi = i;
  }
  if (col >= 0) flush();
  return out;
}
