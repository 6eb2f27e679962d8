import { mulberry32, type Rng } from '@fleet/demo/prng';

export type { Rng } from '@fleet/demo/prng';

/** A seeded PRNG (the seed's mulberry32), so a simulated vehicle is reproducible. */
export function seededRng(seed: number): Rng {
  return mulberry32(seed);
}

/** Uniform number in [min, max). */
export function uniform(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

/** True with probability p. */
export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** Exponentially distributed value with the given mean. */
export function exponential(rng: Rng, mean: number): number {
  return -Math.log(1 - rng()) * mean;
}

/** A 32-bit seed from a string (FNV-1a), e.g. from an IMEI. */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
