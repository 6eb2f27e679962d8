import { describe, expect, it } from 'vitest';
import { nextRovingIndex } from './roving.ts';

describe('nextRovingIndex', () => {
  it('moves one row with the arrows and stops at the ends', () => {
    expect(nextRovingIndex('ArrowDown', 0, 3, 10)).toBe(1);
    expect(nextRovingIndex('ArrowDown', 2, 3, 10)).toBe(2);
    expect(nextRovingIndex('ArrowUp', 1, 3, 10)).toBe(0);
    expect(nextRovingIndex('ArrowUp', 0, 3, 10)).toBe(0);
  });

  it('jumps to the ends with Home and End, and by a page with Page Up and Page Down', () => {
    expect(nextRovingIndex('Home', 7, 100, 10)).toBe(0);
    expect(nextRovingIndex('End', 7, 100, 10)).toBe(99);
    expect(nextRovingIndex('PageDown', 7, 100, 10)).toBe(17);
    expect(nextRovingIndex('PageDown', 95, 100, 10)).toBe(99);
    expect(nextRovingIndex('PageUp', 7, 100, 10)).toBe(0);
  });

  it('leaves other keys (Tab, Enter, letters) to the browser, and does nothing in an empty list', () => {
    expect(nextRovingIndex('Tab', 1, 3, 10)).toBeNull();
    expect(nextRovingIndex('Enter', 1, 3, 10)).toBeNull();
    expect(nextRovingIndex('ArrowDown', 0, 0, 10)).toBeNull();
  });

  it('starts at the first row when no row is focused', () => {
    expect(nextRovingIndex('ArrowDown', -1, 3, 10)).toBe(0);
  });
});
