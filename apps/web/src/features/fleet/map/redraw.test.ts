import { describe, expect, it } from 'vitest';
import { LARGE_FLEET, redrawEveryMs } from './redraw.ts';

describe('redrawEveryMs', () => {
  it('redraws a small fleet at once and a large one once a second', () => {
    expect(redrawEveryMs(0)).toBe(0);
    expect(redrawEveryMs(LARGE_FLEET - 1)).toBe(0);
    expect(redrawEveryMs(LARGE_FLEET)).toBe(1000);
    expect(redrawEveryMs(10_000)).toBe(1000);
  });
});
