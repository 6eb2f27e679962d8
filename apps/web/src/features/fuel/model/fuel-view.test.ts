import { describe, expect, it } from 'vitest';
import { consumptionText, litresText, perHourText, rangeOf } from './fuel-view.ts';

describe('fuel monitor view rules', () => {
  it('shows consumption in the site\'s units: l/100 km or UK mpg', () => {
    expect(consumptionText(30.6, 'metric')).toBe('30.6 l/100 km');
    // 30.6 l/100 km is 9.2 miles per UK gallon (282.48 / 30.6).
    expect(consumptionText(30.6, 'imperial')).toBe('9.2 mpg');
    expect(consumptionText(null, 'imperial')).toBe('–');
    expect(perHourText(11.84)).toBe('11.8 l/h');
    expect(litresText(1234.56)).toBe('1,234.6 l');
  });

  it('ends a range at the next whole minute so its key holds still', () => {
    const r = rangeOf('day', Date.UTC(2026, 10, 24, 10, 0, 30));
    expect(r).toEqual({ from: '2026-11-23T10:01:00.000Z', to: '2026-11-24T10:01:00.000Z' });
  });
});
