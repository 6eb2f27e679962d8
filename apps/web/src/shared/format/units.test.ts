import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distanceUnit, formatDistance, formatDistanceFrom, formatOdometer, formatRadius, formatPer100, formatSpeed, formatSpeedKmh, NO_VALUE, odometerToKm,
  odometerValue, speedUnit, speedValue,
} from './units.ts';

const broken = [Number.NaN, -1, -0.01, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308, '30', null, undefined, {}];

describe('speeds', () => {
  it('prints whole mph on an imperial site and km/h on a metric one', () => {
    expect(formatSpeed(30, 'imperial')).toBe('30 mph');
    expect(formatSpeed(30, 'metric')).toBe('48 km/h');
    expect(formatSpeed(0, 'imperial')).toBe('0 mph');
    expect(formatSpeed(-0, 'metric')).toBe('0 km/h');
    expect(formatSpeed(62.5, 'imperial')).toBe('63 mph');
    expect(formatSpeed(1000, 'metric')).toBe('1,609 km/h');
    expect(speedValue(70, 'metric')).toBe(113);
    expect(speedUnit('imperial')).toBe('mph');
    expect(speedUnit('metric')).toBe('km/h');
  });

  it('prints a dash for what is no speed, in both systems', () => {
    for (const v of [...broken, 1000.5]) {
      expect(formatSpeed(v, 'imperial')).toBe(NO_VALUE);
      expect(formatSpeed(v, 'metric')).toBe(NO_VALUE);
      expect(speedValue(v, 'metric')).toBeNull();
    }
  });
});

describe('speedValue in mph (the list sorts by it)', () => {
  const anyNumberish = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308, -1e308, -0, Number.MAX_SAFE_INTEGER),
    fc.anything(),
  );
  it('is a whole number from 0 to 1000, or null for anything that is not a believable speed', () => {
    fc.assert(
      fc.property(anyNumberish, (speed) => {
        const shown = speedValue(speed, 'imperial');
        if (shown === null) return;
        expect(Number.isInteger(shown)).toBe(true);
        expect(shown).toBeGreaterThanOrEqual(0);
        expect(shown).toBeLessThanOrEqual(1000);
      }),
      { numRuns: 3000 },
    );
    expect(speedValue(49.6, 'imperial')).toBe(50);
    expect(speedValue(0, 'imperial')).toBe(0);
    expect(speedValue(-50, 'imperial')).toBeNull();
    expect(speedValue(1e308, 'imperial')).toBeNull();
    expect(speedValue('fast', 'imperial')).toBeNull();
  });
});

describe('distances', () => {
  it("says how far a place is: '1.2 mi from Morley' or '1.9 km from Morley'", () => {
    expect(formatDistanceFrom(1.9312, 'Morley', 'imperial')).toBe('1.2 mi from Morley');
    expect(formatDistanceFrom(1.9312, 'Morley', 'metric')).toBe('1.9 km from Morley');
    expect(formatDistance(0, 'imperial')).toBe('0 mi');
    expect(formatDistance(250, 'metric')).toBe('250 km');
    expect(formatDistance(1609.344 * 2, 'imperial')).toBe('2,000 mi');
  });

  it('prints a dash, never NaN mi, for what is no distance', () => {
    for (const v of [...broken, 100_001]) {
      expect(formatDistance(v, 'imperial')).toBe(NO_VALUE);
      expect(formatDistance(v, 'metric')).toBe(NO_VALUE);
      expect(formatDistanceFrom(v, 'Morley', 'imperial')).toBe(NO_VALUE);
    }
  });
});

describe('odometers', () => {
  it('prints whole units with separators and no thousandths', () => {
    expect(formatOdometer(19_867.6, 'imperial')).toBe('12,345 mi');
    expect(formatOdometer(12_345.678, 'metric')).toBe('12,346 km');
    expect(formatOdometer(0.4, 'metric')).toBe('0 km');
    expect(odometerValue(19_867.6, 'imperial')).toBe(12_345);
    expect(odometerToKm(12_345, 'imperial')).toBeCloseTo(19_867.0, 0);
    expect(odometerToKm(500, 'metric')).toBe(500);
  });

  it('prints a dash for a broken odometer', () => {
    for (const v of [...broken, 1e9]) {
      expect(formatOdometer(v, 'imperial')).toBe(NO_VALUE);
      expect(odometerValue(v, 'metric')).toBeNull();
    }
  });
});

describe('radii', () => {
  it('prints metres or yards in lower case, km or mi from a kilometre or a mile on', () => {
    expect(formatRadius(900, 'metric')).toBe('900 m');
    expect(formatRadius(900, 'imperial')).toBe('984 yd');
    expect(formatRadius(10, 'imperial')).toBe('11 yd');
    expect(formatRadius(999.4, 'metric')).toBe('999 m');
    expect(formatRadius(999.6, 'metric')).toBe('1 km');
    expect(formatRadius(1500, 'metric')).toBe('1.5 km');
    expect(formatRadius(1609.344, 'imperial')).toBe('1 mi');
    expect(formatRadius(1600, 'imperial')).toBe('1,750 yd');
    expect(formatRadius(50_000, 'imperial')).toBe('31.1 mi');
    expect(formatRadius(900, 'metric')).not.toMatch(/[A-Z]/);
  });

  it('prints a dash for a radius that is none', () => {
    for (const v of [...broken, 2e6]) {
      expect(formatRadius(v, 'metric')).toBe(NO_VALUE);
      expect(formatRadius(v, 'imperial')).toBe(NO_VALUE);
    }
  });
});

describe('driver performance figures (issue 16: kept in km, shown in the site\'s unit)', () => {
  it('prints a speed sent in km/h in mph on an imperial site and as sent on a metric one', () => {
    expect(formatSpeedKmh(72, 'imperial')).toBe('45 mph');
    expect(formatSpeedKmh(72, 'metric')).toBe('72 km/h');
    expect(formatSpeedKmh(130, 'metric')).toBe('130 km/h');
    expect(formatSpeedKmh(0, 'imperial')).toBe('0 mph');
    for (const v of broken) expect(formatSpeedKmh(v, 'imperial')).toBe(NO_VALUE);
  });

  it('counts events per 100 mi (1.609 times as many as per 100 km) on an imperial site, per 100 km on a metric one, one decimal always', () => {
    // Four harsh brakes over a 24 km trip: 16.7 per 100 km, 26.8 per 100 mi (four over 14.9 mi) —
    // not 26.9, which the per-100-km figure rounded first (16.7 × 1.609) would give.
    expect(formatPer100(4, 24, 'metric')).toBe('16.7');
    expect(formatPer100(4, 24, 'imperial')).toBe('26.8');
    expect(formatPer100(1, 100, 'imperial')).toBe('1.6');
    expect(formatPer100(1, 100, 'metric')).toBe('1.0');
    expect(formatPer100(0, 500, 'imperial')).toBe('0.0');
    expect(formatPer100(3, 0, 'imperial')).toBe('0.0');
    expect(formatPer100(1000, 1, 'imperial')).toBe('160,934.4');
    expect(distanceUnit('imperial')).toBe('mi');
    expect(distanceUnit('metric')).toBe('km');
  });

  it('prints a dash for a count or a distance that is none, in both systems', () => {
    for (const v of broken) {
      for (const system of ['imperial', 'metric'] as const) {
        expect(formatPer100(v, 24, system)).toBe(NO_VALUE);
        expect(formatPer100(4, v, system)).toBe(NO_VALUE);
      }
    }
  });

  it('shows a league distance and the shortest scored period in the site\'s unit', () => {
    // 24 km driven; MIN_PERIOD_KM (20 km) as the page's description writes it.
    expect(formatDistance(24, 'imperial')).toBe('14.9 mi');
    expect(formatDistance(24, 'metric')).toBe('24 km');
    expect(formatDistance(20, 'imperial')).toBe('12.4 mi');
    expect(formatDistance(1234.5, 'imperial')).toBe('767 mi');
  });
});
