/** The spec's direction images: four compass bands, or the idling image when the vehicle is still. */
export type DirectionImage = 'north' | 'east' | 'south' | 'west' | 'idle';

/** Band edges in degrees (spec section 9): each edge still belongs to the band below it. */
export const DIRECTION_BANDS = { east: 45, south: 135, west: 225, northAgain: 315 } as const;

/** A heading folded into [0, 360); anything that is not a finite number counts as north (0). */
export function normaliseAngle(angle: number): number {
  if (!Number.isFinite(angle)) return 0;
  return ((angle % 360) + 360) % 360;
}

/**
 * Spec section 4: 'idle' when speed is 0; else north up to 45, east above 45, south above 135,
 * west above 225 and north again above 315. 360 is north, like 0.
 */
export function directionImage(angle: number, speed: number): DirectionImage {
  if (!(speed > 0)) return 'idle';
  const a = normaliseAngle(angle);
  if (a > DIRECTION_BANDS.northAgain) return 'north';
  if (a > DIRECTION_BANDS.west) return 'west';
  if (a > DIRECTION_BANDS.south) return 'south';
  if (a > DIRECTION_BANDS.east) return 'east';
  return 'north';
}
