import { BLACK, contrast, mix, parseHex, type Rgb, toHex, WHITE } from './color.ts';

/** Neutral slate used when a brand has no usable colour. */
export const FALLBACK_BRAND_COLOR = '#3b5bdb';
/** The brand colour sits at this index, which is also Mantine's primary shade for filled buttons. */
export const BRAND_SHADE = 6;
/** AA for normal-size text. */
export const AA = 4.5;

// Index 0..5 lighten towards white, 7..9 darken towards black.
const TINTS = [0.92, 0.84, 0.7, 0.54, 0.38, 0.18];
const SHADES = [0.16, 0.3, 0.44];

export interface BrandPalette {
  /** Ten shades, lightest first, as Mantine expects. */
  colors: string[];
  /** Text colour on the brand colour (filled buttons): whichever of white/black has more contrast. */
  onPrimary: '#ffffff' | '#000000';
  /** Index of the first shade from the brand shade on that is readable as text on white (links, light buttons). */
  textShade: number;
}

/** Builds a ten-shade palette around a brand hex colour and picks readable text colours for it. */
export function buildBrandPalette(hex: string): BrandPalette {
  const base: Rgb = parseHex(hex) ?? (parseHex(FALLBACK_BRAND_COLOR) as Rgb);
  const shades: Rgb[] = [
    ...TINTS.map((t) => mix(base, WHITE, t)),
    base,
    ...SHADES.map((s) => mix(base, BLACK, s)),
  ];
  const onPrimary = contrast(base, WHITE) >= contrast(base, BLACK) ? '#ffffff' : '#000000';
  let textShade = shades.length - 1;
  for (let i = BRAND_SHADE; i < shades.length; i++) {
    if (contrast(shades[i] as Rgb, WHITE) >= AA) {
      textShade = i;
      break;
    }
  }
  return { colors: shades.map(toHex), onPrimary, textShade };
}

/** Darkens `fg` in small steps until it reads at AA on `bg`; used for text on tinted (light) backgrounds. */
export function readableOn(fg: string, bg: string): string {
  const base = parseHex(fg);
  const back = parseHex(bg);
  if (!base || !back) return fg;
  for (let step = 0; step <= 10; step++) {
    const candidate = mix(base, BLACK, step / 10);
    if (contrast(candidate, back) >= AA) return toHex(candidate);
  }
  return '#000000';
}

/** The light-variant background Mantine draws for a colour: its shade 6 at 10% over white. */
export function lightTint(shade6: string): string {
  const c = parseHex(shade6);
  return c ? toHex(mix(WHITE, c, 0.1)) : '#ffffff';
}

/**
 * A Mantine colour's ten shades with the dark ones (7-9) darkened where needed so each reads at AA on
 * the colour's shade 2 (and so on shades 0-1 and white): Mantine 9 draws light variants as shade 9 on
 * shade 1 and pages pair `c="<colour>.9"` with a `<colour>.1` background. Shades 0-6 stay as they are.
 */
export function readableDarkShades(shades: readonly string[]): [string, string, string, string, string, string, string, string, string, string] {
  const back = shades[2] ?? '#ffffff';
  return shades.map((shade, i) => (i >= 7 ? readableOn(shade, back) : shade)) as ReturnType<typeof readableDarkShades>;
}
