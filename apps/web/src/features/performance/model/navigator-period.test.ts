import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD, forgetPeriod, readPeriod, savePeriod } from './navigator-period.ts';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('the league period kept between visits', () => {
  it('is this week until one is chosen, then the chosen one until reset', () => {
    const s = memory();
    expect(readPeriod(s)).toBe(DEFAULT_PERIOD);
    savePeriod(s, '12weeks');
    expect(readPeriod(s)).toBe('12weeks');
    forgetPeriod(s);
    expect(readPeriod(s)).toBe('week');
  });

  it('ignores a stored value that is not a period', () => {
    const s = memory();
    s.setItem('fleetnavigator.period', 'year');
    expect(readPeriod(s)).toBe('week');
  });
});
