import { describe, expect, it } from 'vitest';
import { shouldShowSideMenu } from './side-menu-rule.ts';

describe('shouldShowSideMenu (spec section 2)', () => {
  it.each([
    [false, 1920, '', true],
    [false, 1024, '', true],
    [false, 1023, '', false],
    [false, 390, '', false],
    [false, 390, 'dashboard', true],
    [false, 800, '  ', false],
    [true, 1920, '', false],
    [true, 1920, 'dashboard', false],
    [true, 390, 'dashboard', false],
    [false, 1023, null, false],
  ])('mobile=%s width=%s startup=%j -> %s', (isMobile, width, startup, expected) => {
    expect(shouldShowSideMenu({ isMobile, width, startup })).toBe(expected);
  });
});
