import { describe, expect, it } from 'vitest';
import { fetchWindow, MIN_SPAN_MS, panBy, presetRange, selection, zoomAround } from './view-range.ts';

const H = 3_600_000;

describe('the explorer view range', () => {
  it('ends presets at the given time', () => {
    expect(presetRange('day', 48 * H)).toEqual({ from: 24 * H, to: 48 * H });
  });

  it('zooms around the pointer: the time under it stays put', () => {
    const r = zoomAround({ from: 0, to: 10 * H }, 0.5, 0.2);
    expect(r).toEqual({ from: 1 * H, to: 6 * H });
    expect(r.from + (r.to - r.from) * 0.2).toBe(2 * H);
  });

  it('never zooms in past a minute', () => {
    const r = zoomAround({ from: 0, to: 2 * MIN_SPAN_MS }, 0.01);
    expect(r.to - r.from).toBe(MIN_SPAN_MS);
  });

  it('pans by a fraction of the width', () => {
    expect(panBy({ from: 0, to: 10 * H }, -0.25)).toEqual({ from: -2.5 * H, to: 7.5 * H });
  });

  it('reads a selection in either direction, widened to a minute', () => {
    expect(selection(5 * H, 2 * H)).toEqual({ from: 2 * H, to: 5 * H });
    expect(selection(1000, 2000)).toEqual({ from: 1500 - MIN_SPAN_MS / 2, to: 1500 + MIN_SPAN_MS / 2 });
  });

  it('fetches half a width either side, on a grid so small pans ask the same window', () => {
    const w = fetchWindow({ from: 64 * H, to: 128 * H });
    expect(w).toEqual({ from: 32 * H, to: 160 * H });
    expect(fetchWindow({ from: 64 * H + 1000, to: 128 * H + 1000 })).toEqual({ from: 32 * H, to: 161 * H });
  });
});
