import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawablePosition, lacksValidPosition, vehiclePosition } from './position.ts';

/** Coordinates a device or a bug can produce: anything at all, weighted towards numbers near the edges. */
const anyCoordinate = fc.oneof(
  fc.double(),
  fc.double({ min: -250, max: 250 }),
  fc.constantFrom(0, -0, 90, -90, 180, -180, 90.000001, -180.000001, 214.7483647, -214.7483648, 1e308, -1e308),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.anything(),
);

describe('drawablePosition', () => {
  it('answers [lon, lat] only for finite numbers within ±90 and ±180 that are not (0, 0)', () => {
    fc.assert(
      fc.property(anyCoordinate, anyCoordinate, (lat, lon) => {
        const at = drawablePosition(lat, lon);
        const ok =
          typeof lat === 'number' &&
          typeof lon === 'number' &&
          Number.isFinite(lat) &&
          Number.isFinite(lon) &&
          Math.abs(lat) <= 90 &&
          Math.abs(lon) <= 180 &&
          !(lat === 0 && lon === 0);
        expect(at).toEqual(ok ? [lon, lat] : null);
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses the issue's Teltonika int32 extremes and (0, 0), keeps the edges of the world", () => {
    expect(drawablePosition(-214.7483648, 214.7483647)).toBeNull();
    expect(drawablePosition(200, -1.5)).toBeNull();
    expect(drawablePosition(0, 0)).toBeNull();
    expect(drawablePosition('53.8', -1.5)).toBeNull();
    expect(drawablePosition(90, 180)).toEqual([180, 90]);
    expect(drawablePosition(-90, -180)).toEqual([-180, -90]);
    expect(drawablePosition(0, 1)).toEqual([1, 0]);
  });
});

describe('vehiclePosition and lacksValidPosition', () => {
  it('agree with drawablePosition, and only a vehicle that reported something lacks a valid position', () => {
    fc.assert(
      fc.property(anyCoordinate, anyCoordinate, fc.option(fc.string()), (lat, lon, updated) => {
        const v = { lat, lon, updated };
        expect(vehiclePosition(v)).toEqual(drawablePosition(lat, lon));
        expect(lacksValidPosition(v)).toBe(drawablePosition(lat, lon) === null && (updated !== null || lat !== null || lon !== null));
      }),
    );
    expect(vehiclePosition(undefined)).toBeNull();
    expect(lacksValidPosition({ lat: null, lon: null, updated: null })).toBe(false);
  });
});
