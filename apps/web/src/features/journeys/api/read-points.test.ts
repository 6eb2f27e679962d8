import { trackPointsSchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { readPoints } from './read-points.ts';

const good = { id: ['1', '2'], t: [1, 2], lat: [53.8, 53.9], lon: [-1.5, -1.6], speed: [0, 40], angle: [0, 90], ign: [1, null] };

describe('readPoints', () => {
  it('takes what the shared schema takes', () => {
    expect(readPoints(good)).toEqual(trackPointsSchema.parse(good));
  });

  it.each([
    ['a missing column', { ...good, lat: undefined }, 'points.lat: not an array'],
    ['a number as text', { ...good, t: [1, '2'] }, 'points.t[1]: "2" is not allowed'],
    ['NaN turned null', { ...good, lon: [null, 1] }, 'points.lon[0]: null is not allowed'],
    ['ignition 2', { ...good, ign: [1, 2] }, 'points.ign[1]: 2 is not allowed'],
    ['a numeric id', { ...good, id: [1, 2] }, 'points.id[0]: 1 is not allowed'],
  ])('refuses %s, as the shared schema does', (_name, bad, message) => {
    expect(() => readPoints(bad)).toThrow(message);
    expect(trackPointsSchema.safeParse(bad).success).toBe(false);
  });

  it('refuses columns of different lengths (parallel arrays must stay parallel)', () => {
    expect(() => readPoints({ ...good, speed: [1] })).toThrow('points.speed: 1 values where id has 2');
  });
});
