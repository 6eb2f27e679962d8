import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { BRAND_SHADE, buildBrandPalette, FALLBACK_BRAND_COLOR, lightTint, readableOn } from './palette.ts';

/** Secondary text colour that still meets WCAG AA on white and on the light grey page background. */
export const DIMMED_TEXT = '#646b72';

// The spec disables UI animations; overlays appear and disappear at once.
const instant = { transitionProps: { duration: 0 } };

// Mantine's light variants (alerts, badges) put shade 6 text on a 10% tint, which is below AA for most
// colours; each colour's light-variant text is darkened until it reads at AA on its own tint.
const LIGHT_VARIANT_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [
    `--mantine-color-${name}-light-color`,
    readableOn(shades[8], lightTint(shades[6])),
  ]),
);

/** Mantine theme: the brand colour as primary, everything else neutral grey. */
export function createBrandTheme(themeColor: string | undefined): {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
} {
  const palette = buildBrandPalette(themeColor ?? FALLBACK_BRAND_COLOR);
  const textColor = palette.colors[palette.textShade] as string;
  const lightText = readableOn(textColor, lightTint(palette.colors[BRAND_SHADE] as string));
  const theme = createTheme({
    colors: { brand: palette.colors as unknown as MantineColorsTuple },
    primaryColor: 'brand',
    primaryShade: { light: BRAND_SHADE, dark: BRAND_SHADE },
    // Same WCAG crossover as buildBrandPalette: black text on light fills, white on dark ones.
    autoContrast: true,
    luminanceThreshold: 0.179,
    defaultRadius: 'sm',
    focusRing: 'auto',
    cursorType: 'pointer',
    respectReducedMotion: true,
    components: {
      Modal: { defaultProps: instant },
      Drawer: { defaultProps: instant },
      Popover: { defaultProps: instant },
      Tooltip: { defaultProps: { ...instant, openDelay: 300 } },
      Menu: { defaultProps: instant },
      Table: { defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm', fz: 'sm' } },
    },
  });
  const cssVariablesResolver: CSSVariablesResolver = () => ({
    variables: {},
    light: {
      ...LIGHT_VARIANT_TEXT,
      // Mantine's default dimmed grey (gray.6) is 3.3:1 on white; this one is 5.3:1 (4.9:1 on gray.1).
      '--mantine-color-dimmed': DIMMED_TEXT,
      '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
      '--mantine-primary-color-contrast': palette.onPrimary,
      '--mantine-color-anchor': textColor,
      '--mantine-color-brand-text': textColor,
      '--mantine-color-brand-light-color': lightText,
      '--mantine-primary-color-light-color': lightText,
    },
    dark: {},
  });
  return { theme, cssVariablesResolver };
}
