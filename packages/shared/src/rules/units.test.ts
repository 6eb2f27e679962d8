import { describe, expect, it } from 'vitest';
import { distanceFromText, unitSystemOf, unitSystemSchema, wholeDistanceText } from './units.ts';

describe('unit systems', () => {
  it('reads a stored value, anything else as imperial', () => {
    expect(unitSystemOf('metric')).toBe('metric');
    expect(unitSystemOf('imperial')).toBe('imperial');
    expect(unitSystemOf('METRIC')).toBe('imperial');
    expect(unitSystemOf(undefined)).toBe('imperial');
  });

  it('refuses a value that is not a unit system, naming both', () => {
    const r = unitSystemSchema.safeParse('furlongs');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("the unit system must be 'imperial' or 'metric'");
  });

  it("says how far a town is in the site's system, one decimal", () => {
    expect(distanceFromText(1.9312, 'Morley', 'imperial')).toBe('1.2 mi from Morley');
    expect(distanceFromText(1.9312, 'Morley', 'metric')).toBe('1.9 km from Morley');
    expect(distanceFromText(Number.NaN, 'Morley', 'metric')).toBeNull();
    expect(distanceFromText(-1, 'Morley', 'imperial')).toBeNull();
  });

  it('writes whole distances with thousands separators', () => {
    expect(wholeDistanceText(19_867.6, 'imperial')).toBe('12,345 mi');
    expect(wholeDistanceText(19_867.6, 'metric')).toBe('19,868 km');
  });
});
