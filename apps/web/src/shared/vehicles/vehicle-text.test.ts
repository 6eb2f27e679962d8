import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headingDegrees, MAX_LABEL_CHARS, mapLabelText, positionText, registrationText } from './vehicle-text.ts';

const anyNumberish = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308, -1e308, -0, Number.MAX_SAFE_INTEGER),
  fc.anything(),
);

describe('headingDegrees', () => {
  it('is a whole number in [0, 360) whatever it is given', () => {
    fc.assert(
      fc.property(anyNumberish, (direction) => {
        const d = headingDegrees(direction);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(360);
      }),
      { numRuns: 3000 },
    );
    expect(headingDegrees(-90)).toBe(270);
    expect(headingDegrees(359.7)).toBe(0);
    expect(headingDegrees(1e308)).toBeGreaterThanOrEqual(0);
  });
});

describe('positionText', () => {
  it('prints only drawable positions, five decimals each', () => {
    expect(positionText({ lat: 53.8, lon: -1.55 })).toBe('53.80000, -1.55000');
    fc.assert(
      fc.property(anyNumberish, anyNumberish, (lat, lon) => {
        const text = positionText({ lat, lon });
        if (text !== null) expect(text).toMatch(/^-?\d{1,2}\.\d{5}, -?\d{1,3}\.\d{5}$/);
      }),
    );
    expect(positionText({ lat: -214.7, lon: 10 })).toBeNull();
  });
});

describe('mapLabelText and registrationText', () => {
  it('keeps a map label to one short line, cutting only between whole characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300, unit: 'grapheme' }), fc.anything()), (text) => {
        const label = mapLabelText(text);
        expect(Array.from(label).length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
        expect(label).not.toMatch(/[\n\r\t]/);
        expect(label).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      }),
      { numRuns: 2000 },
    );
    expect(mapLabelText('AB12 CDE')).toBe('AB12 CDE');
    expect(mapLabelText('W'.repeat(5000))).toBe(`${'W'.repeat(MAX_LABEL_CHARS - 1)}…`);
  });

  it('names a vehicle without a registration by what it is given', () => {
    expect(registrationText('  ', 'Unit 7')).toBe('Unit 7');
    expect(registrationText(null, 'Unit 7')).toBe('Unit 7');
    expect(registrationText(' AB12 CDE ', 'Unit 7')).toBe('AB12 CDE');
  });
});
