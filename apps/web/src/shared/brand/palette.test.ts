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

describe('the theme: text on Mantine 9 light backgrounds (issue 10, item 9)', () => {
  // Mantine 9 draws a light variant (badges, alerts, the active menu item) as shade 9 on shade 1, and
  // shade 2 when hovered; the banners write `c="orange.9"` on orange.1.
  it('every colour: shades 7-9 read at AA on shades 0-2 and on white', async () => {
    const { DEFAULT_THEME } = await import('@mantine/core');
    const { createBrandTheme } = await import('./brand-theme.ts');
    const { theme } = createBrandTheme('#1c64d1');
    for (const name of Object.keys(DEFAULT_THEME.colors)) {
      const shades = theme.colors?.[name] as readonly string[];
      for (const text of [7, 8, 9]) {
        for (const back of [0, 1, 2]) {
          const ratio = contrast(rgb(shades[text] as string), rgb(shades[back] as string));
          expect(ratio, `${name}.${text} on ${name}.${back}`).toBeGreaterThanOrEqual(AA);
        }
        expect(contrast(rgb(shades[text] as string), WHITE)).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('keeps the light shades as Mantine has them', async () => {
    const { DEFAULT_THEME } = await import('@mantine/core');
    const { createBrandTheme } = await import('./brand-theme.ts');
    const { theme } = createBrandTheme(undefined);
    expect(theme.colors?.orange?.slice(0, 7)).toEqual(DEFAULT_THEME.colors.orange.slice(0, 7));
  });

  it.each(['#1c64d1', '#0b5394', '#f5c400', '#2f9e44', '#e03131', '#7fd3ff'])(
    'brand %s: the light-variant text (active menu item) reads at AA on the brand shades 1 and 2',
    async (hex) => {
      const { createBrandTheme } = await import('./brand-theme.ts');
      const { cssVariablesResolver } = createBrandTheme(hex);
      const vars = cssVariablesResolver({} as never).light;
      const text = rgb(vars['--mantine-primary-color-light-color'] as string);
      const p = buildBrandPalette(hex);
      expect(contrast(text, rgb(p.colors[1] as string))).toBeGreaterThanOrEqual(AA);
      expect(contrast(text, rgb(p.colors[2] as string))).toBeGreaterThanOrEqual(AA);
    },
  );

  it('draws field errors in a red that reads at AA on white', async () => {
    const { createBrandTheme } = await import('./brand-theme.ts');
    const { theme, cssVariablesResolver } = createBrandTheme(undefined);
    expect(cssVariablesResolver({} as never).light['--mantine-color-error']).toBe('var(--mantine-color-red-9)');
    expect(contrast(rgb(theme.colors?.red?.[9] as string), WHITE)).toBeGreaterThanOrEqual(AA);
  });

  it('names every close button (✕) in the theme', async () => {
    const { createBrandTheme } = await import('./brand-theme.ts');
    const { theme } = createBrandTheme(undefined, { close: 'Schließen' });
    expect(theme.components?.CloseButton?.defaultProps).toMatchObject({ 'aria-label': 'Schließen' });
    expect(theme.components?.Modal?.defaultProps).toMatchObject({ closeButtonProps: { 'aria-label': 'Schließen' } });
  });
});
