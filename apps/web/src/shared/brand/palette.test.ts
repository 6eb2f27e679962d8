import { describe, expect, it } from 'vitest';
import { contrast, parseHex, type Rgb, WHITE } from './color.ts';
import { AA, BRAND_SHADE, buildBrandPalette } from './palette.ts';

const rgb = (hex: string) => parseHex(hex) as Rgb;

describe('buildBrandPalette', () => {
  const brands = ['#0b5394', '#e03131', '#f5c400', '#7fd3ff', '#2f9e44', '#111111', '#ffffff', '#abc'];

  it.each(brands)('%s: ten shades, lightest first, brand colour at the primary shade', (hex) => {
    const p = buildBrandPalette(hex);
    expect(p.colors).toHaveLength(10);
    expect(p.colors[BRAND_SHADE]).toBe(hex.length === 4 ? '#aabbcc' : hex);
    const lum = p.colors.map((c) => contrast(rgb(c), WHITE));
    for (let i = 1; i < lum.length; i++) expect(lum[i]).toBeGreaterThanOrEqual(lum[i - 1] as number);
  });

  it.each(brands)('%s: text on a filled primary button meets AA', (hex) => {
    const p = buildBrandPalette(hex);
    expect(contrast(rgb(p.colors[BRAND_SHADE] as string), rgb(p.onPrimary))).toBeGreaterThanOrEqual(AA);
  });

  it.each(brands.filter((b) => b !== '#ffffff'))('%s: primary-coloured text on white meets AA', (hex) => {
    const p = buildBrandPalette(hex);
    expect(contrast(rgb(p.colors[p.textShade] as string), WHITE)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps a dark brand colour for text and puts white text on it', () => {
    const p = buildBrandPalette('#0b5394');
    expect(p.textShade).toBe(BRAND_SHADE);
    expect(p.onPrimary).toBe('#ffffff');
  });

  it('puts black text on a light brand colour and darkens it for links', () => {
    const p = buildBrandPalette('#f5c400');
    expect(p.onPrimary).toBe('#000000');
    expect(p.textShade).toBeGreaterThan(BRAND_SHADE);
  });

  it('falls back to a neutral colour for an unusable value', () => {
    expect(buildBrandPalette('not-a-colour').colors).toHaveLength(10);
  });
});

describe('neutral text colours', () => {
  it('dimmed text meets AA on white and on the page background', async () => {
    const { DIMMED_TEXT } = await import('./brand-theme.ts');
    expect(contrast(rgb(DIMMED_TEXT), WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(rgb(DIMMED_TEXT), rgb('#f1f3f5'))).toBeGreaterThanOrEqual(AA);
  });
});

describe('readableOn', () => {
  it.each(['#fd7e14', '#fab005', '#40c057', '#fa5252', '#228be6'])(
    '%s text reads at AA on its own tint',
    async (c) => {
      const { lightTint, readableOn } = await import('./palette.ts');
      const bg = lightTint(c);
      expect(contrast(rgb(readableOn(c, bg)), rgb(bg))).toBeGreaterThanOrEqual(AA);
    },
  );
});
