import { IconCar, IconCircleDot, IconSettings } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { menuIcon, normaliseIconName } from './menu-icons.ts';

describe('menu icons', () => {
  it.each([
    ['car', 'car'],
    ['md-car-outline', 'car'],
    ['ios-Settings-sharp', 'settings'],
    [' Car ', 'car'],
  ])('%j normalises to %j', (name, expected) => expect(normaliseIconName(name)).toBe(expected));
  it('maps known names', () => {
    expect(menuIcon('ios-car')).toBe(IconCar);
    expect(menuIcon('settings')).toBe(IconSettings);
  });
  it('falls back for unknown names', () => expect(menuIcon('no-such-icon')).toBe(IconCircleDot));
});
