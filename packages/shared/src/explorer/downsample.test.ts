import { describe, expect, it } from 'vitest';
import { minMaxDownsample } from './downsample.ts';

const ramp = (n: number) => ({ t: Array.from({ length: n }, (_, i) => i * 1000), v: Array.from({ length: n }, (_, i) => i % 100) });

describe('min-max downsampling', () => {
  it('keeps a single one-second spike among 2.6 million flat points', () => {
    const n = 2_600_000;
    const t = new Array<number>(n);
    const v = new Array<number>(n);
    for (let i = 0; i < n; i++) { t[i] = i * 1000; v[i] = 50; }
    v[1_234_567] = 9_999;
    v[2_000_001] = -7;
    const out = minMaxDownsample({ t, v }, 0, n * 1000, 1000);
    expect(out.t.length).toBeLessThanOrEqual(2000);
    expect(out.v).toContain(9_999);
    expect(out.v).toContain(-7);
    expect(out.t[out.v.indexOf(9_999)]).toBe(1_234_567_000);
  });

  it('gives each column its lowest and highest point in time order', () => {
    const out = minMaxDownsample({ t: [0, 1, 2, 3, 10, 11, 12], v: [5, 9, 1, 4, 3, 3, 3] }, 0, 20, 2);
    // Column [0, 10): high 9 at t=1 before low 1 at t=2; column [10, 20): flat, one point.
    expect(out).toEqual({ t: [1, 2, 10], v: [9, 1, 3] });
  });

  it('never returns more than two points a column, and none outside the range', () => {
    const out = minMaxDownsample(ramp(10_000), 1_000_000, 5_000_000, 37);
    expect(out.t.length).toBeLessThanOrEqual(74);
    expect(Math.min(...out.t)).toBeGreaterThanOrEqual(1_000_000);
    expect(Math.max(...out.t)).toBeLessThan(5_000_000);
    expect(Math.max(...(out.v as number[]))).toBe(99);
    expect(Math.min(...(out.v as number[]))).toBe(0);
  });

  it('keeps a short series whole and answers nothing for an empty range', () => {
    expect(minMaxDownsample({ t: [1, 2, 3], v: [7, 8, 9] }, 0, 10, 100)).toEqual({ t: [1, 2, 3], v: [7, 8, 9] });
    expect(minMaxDownsample({ t: [1], v: [1] }, 10, 10, 100)).toEqual({ t: [], v: [] });
  });

  it('marks a column with only missing values as a gap', () => {
    expect(minMaxDownsample({ t: [0, 5, 10], v: [1, null, 2] }, 0, 15, 3)).toEqual({ t: [0, 5, 10], v: [1, null, 2] });
  });
});
