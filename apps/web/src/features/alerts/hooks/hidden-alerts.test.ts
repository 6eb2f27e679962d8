import { describe, expect, it } from 'vitest';
import { hiddenOf, parseHidden, withHidden } from './hidden-alerts.ts';

describe('hidden banner lines (local to this browser)', () => {
  it('reads only a map of site → whole ids; anything else is nothing hidden', () => {
    expect(parseHidden(null)).toEqual({});
    expect(parseHidden('not json')).toEqual({});
    expect(parseHidden('[1,2]')).toEqual({});
    expect(parseHidden('{"3":[1,2.5,"x",4],"4":"no"}')).toEqual({ 3: [1, 4] });
  });

  it('adds ids per site, once each, and drops ids no longer open', () => {
    const one = withHidden({}, 3, [1, 2]);
    expect(hiddenOf(one, 3)).toEqual(new Set([1, 2]));
    expect(hiddenOf(one, 4)).toEqual(new Set());
    const two = withHidden(one, 3, [2, 5], new Set([2, 5]));
    expect(two['3']).toEqual([2, 5]);
  });
});
