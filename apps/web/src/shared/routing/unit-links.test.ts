import { describe, expect, it } from 'vitest';
import { debugPath, parseUnitId } from './unit-links.ts';

describe('debugPath', () => {
  it('links under the tabs prefix', () => expect(debugPath(42)).toBe('/tabs/tabs/debug/42'));
});

describe('parseUnitId', () => {
  it.each([
    ['42', 42],
    ['007', 7],
    ['2147483647', 2_147_483_647],
    ['2147483648', null],
    ['0', null],
    ['-3', null],
    ['12a', null],
    ['1e3', null],
    [' 5', null],
    ['', null],
    [undefined, null],
  ])('%j -> %j', (param, expected) => expect(parseUnitId(param)).toBe(expected));
});
