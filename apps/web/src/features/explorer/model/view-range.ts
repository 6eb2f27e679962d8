/**
 * The explorer's visible time range (ms) and how zoom and pan move it: pure, so the chart's
 * gestures and the buttons share one rule, and it is tested without a browser.
 */
export interface ViewRange { from: number; to: number }

/** The narrowest range the chart zooms to: a minute (a 1 Hz unit's 60 records). */
export const MIN_SPAN_MS = 60_000;
/** The widest: the series call's limit. */
export const MAX_SPAN_MS = 400 * 86_400_000;

export const PRESETS = [
  { key: 'hour', ms: 3_600_000 },
  { key: 'day', ms: 86_400_000 },
  { key: 'week', ms: 7 * 86_400_000 },
  { key: 'month', ms: 30 * 86_400_000 },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'];

/** The preset's range ending at `end` (the unit's newest record, or now). */
export function presetRange(key: PresetKey, end: number): ViewRange {
  const ms = PRESETS.find((p) => p.key === key)?.ms ?? 86_400_000;
  return { from: end - ms, to: end };
}

const clampSpan = (span: number) => Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, span));

/** Zooms by `factor` (< 1 in, > 1 out) keeping the time at `at` (0 … 1 across the range) where it is. */
export function zoomAround(r: ViewRange, factor: number, at = 0.5): ViewRange {
  const span = clampSpan((r.to - r.from) * factor);
  const pivot = r.from + (r.to - r.from) * Math.min(1, Math.max(0, at));
  const from = pivot - span * Math.min(1, Math.max(0, at));
  return { from: Math.round(from), to: Math.round(from + span) };
}

/** Moves the range by `fraction` of its width (positive: later). */
export function panBy(r: ViewRange, fraction: number): ViewRange {
  const d = Math.round((r.to - r.from) * fraction);
  return { from: r.from + d, to: r.to + d };
}

/** A selection (two times in either order) as a range, at least MIN_SPAN_MS wide around its middle. */
export function selection(a: number, b: number): ViewRange {
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  if (to - from >= MIN_SPAN_MS) return { from: Math.round(from), to: Math.round(to) };
  const mid = (from + to) / 2;
  return { from: Math.round(mid - MIN_SPAN_MS / 2), to: Math.round(mid + MIN_SPAN_MS / 2) };
}

/**
 * What to fetch for a visible range: the range and half a width either side, so a pan of up to
 * half a width shows data at once while the new range is fetched (a whole width either side made a
 * day's view read three days of positions); rounded to a 64th of the width so small moves ask the
 * same (cached) thing.
 */
export function fetchWindow(r: ViewRange): ViewRange {
  const span = r.to - r.from;
  const step = Math.max(1000, Math.round(span / 64));
  const from = Math.floor((r.from - span / 2) / step) * step;
  const to = Math.ceil((r.to + span / 2) / step) * step;
  return { from, to: Math.min(to, from + MAX_SPAN_MS) };
}
