import { describe, expect, it } from 'vitest';
import { canChange, isAdmin, isSuperAdmin, isViewer, mayGrantRole, USERTYPES } from './admin.ts';

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

describe('roles (issue 15)', () => {
  it('lets operators and administrators change data, not viewers or drivers', () => {
    expect([0, 1, 2, 3, 4, null, '1'].map(canChange)).toEqual([true, true, true, false, false, false, false]);
    expect(isViewer(4)).toBe(true);
    expect(isViewer(2)).toBe(false);
  });
  it('gives no role above the giver\'s own', () => {
    expect(USERTYPES.every((r) => mayGrantRole(0, r))).toBe(true);
    expect(USERTYPES.filter((r) => mayGrantRole(1, r))).toEqual([1, 2, 3, 4]);
    expect(USERTYPES.filter((r) => mayGrantRole(2, r))).toEqual([]);
    expect(USERTYPES.filter((r) => mayGrantRole(4, r))).toEqual([]);
    expect(USERTYPES.filter((r) => mayGrantRole(null, r))).toEqual([]);
  });
});
