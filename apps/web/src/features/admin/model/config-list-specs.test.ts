import { describe, expect, it } from 'vitest';
import { formatPoint, parsePoint } from './config-list-specs.ts';

describe("a polygon's points as lines", () => {
  it("reads 'lat, lon' as { x: lon, y: lat } and writes it back", () => {
    expect(parsePoint(' 53.8 , -1.55 ')).toEqual({ x: -1.55, y: 53.8 });
    expect(formatPoint({ x: -1.55, y: 53.8 })).toBe('53.8, -1.55');
  });
  it('leaves a line that is not two numbers as text, for the schema to refuse', () => {
    expect(parsePoint('53.8')).toBe('53.8');
    expect(parsePoint('north, south')).toBe('north, south');
    expect(formatPoint(null)).toBe('');
  });
});
