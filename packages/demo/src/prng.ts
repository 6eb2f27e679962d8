/** mulberry32: a tiny seeded PRNG so the demo data is the same on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;

/** Integer in [min, max] inclusive. */
export function randInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Luhn check digit for the digits given (as used by the 15th digit of an IMEI). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A valid 15-digit IMEI: TAC 35620908, a 6-digit serial, and the Luhn check digit. */
export function imei(serial: number): string {
  const body = `35620908${String(serial).padStart(6, '0')}`;
  return body + luhnDigit(body);
}

// Yorkshire DVLA memory tags (Leeds YA-YK, Sheffield YL-YU, Beverley YV-YY); I, Q and Z never appear.
const AREA_TAGS = 'YA YB YC YD YE YF YG YH YJ YK YL YM YN YP YR YS YT YU YV YW YX YY'.split(' ');
// Age identifiers: March '16'..'24' and September '66'..'74' registrations.
const AGE_IDS = '16 66 17 67 18 68 19 69 20 70 21 71 22 72 23 73 24 74'.split(' ');
const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';

/** A current-format UK registration such as 'YX21 KPL', unique among `taken` (which it updates). */
export function ukRegistration(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const tail = Array.from({ length: 3 }, () => pick(rng, [...LETTERS])).join('');
    const reg = `${pick(rng, AREA_TAGS)}${pick(rng, AGE_IDS)} ${tail}`;
    if (!taken.has(reg)) {
      taken.add(reg);
      return reg;
    }
  }
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** A 16-hex-digit driver key tag (iButton style). */
export function hexTag(rng: Rng): string {
  return Array.from({ length: 16 }, () => Math.floor(rng() * 16).toString(16))
    .join('')
    .toUpperCase();
}
