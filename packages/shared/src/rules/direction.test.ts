import { describe, expect, it } from 'vitest';
import { type DirectionImage, directionImage, normaliseAngle } from './direction.ts';

describe('directionImage (spec sections 4 and 9)', () => {
  const moving: Array<[angle: number, image: DirectionImage]> = [
    [0, 'north'],
    [1, 'north'],
    [45, 'north'],
    [45.01, 'east'],
    [46, 'east'],
    [90, 'east'],
    [135, 'east'],
    [135.5, 'south'],
    [136, 'south'],
    [180, 'south'],
    [225, 'south'],
    [226, 'west'],
    [270, 'west'],
    [315, 'west'],
    [315.1, 'north'],
    [316, 'north'],
    [359, 'north'],
    [360, 'north'],
  ];
  it.each(moving)('angle %s at speed 30 -> %s', (angle, image) => {
    expect(directionImage(angle, 30)).toBe(image);
  });

  it.each([0, 45, 90, 135, 225, 315, 360])('angle %s at speed 0 -> idle', (angle) => {
    expect(directionImage(angle, 0)).toBe('idle');
  });

  it('reads a crawl as moving: any speed above 0 picks a band', () => {
    expect(directionImage(100, 0.4)).toBe('east');
  });

  it('treats a missing or negative speed as still', () => {
    expect(directionImage(100, Number.NaN)).toBe('idle');
    expect(directionImage(100, -3)).toBe('idle');
  });

  it('folds angles outside 0-360 before picking the band', () => {
    expect(directionImage(405, 10)).toBe('north'); // 45
    expect(directionImage(450, 10)).toBe('east'); // 90
    expect(directionImage(-90, 10)).toBe('west'); // 270
    expect(directionImage(-10, 10)).toBe('north'); // 350
  });
});

describe('normaliseAngle', () => {
  it.each([
    [0, 0],
    [360, 0],
    [725, 5],
    [-45, 315],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%s -> %s', (angle, folded) => expect(normaliseAngle(angle)).toBe(folded));
});
