import { describe, expect, it } from 'vitest';
import { isAdmin, isSuperAdmin } from './admin.ts';

describe('admin check (spec sections 5 and 6)', () => {
  it.each([
    [0, true], [1, true], [2, false], [3, false], [1.5, true], [-1, true],
    ['0', true], ['1', true], ['2', false], [' 1 ', true],
    [undefined, false], [null, false], ['', false], ['   ', false], ['admin', false], ['1a', false],
    [Number.NaN, false], [{}, false], [true, false],
  ])('usertype %j is admin: %s', (usertype, expected) => {
    expect(isAdmin(usertype)).toBe(expected);
  });

  it('knows the super administrator', () => {
    expect(isSuperAdmin(0)).toBe(true);
    expect(isSuperAdmin(1)).toBe(false);
    expect(isSuperAdmin(undefined)).toBe(false);
  });
});
