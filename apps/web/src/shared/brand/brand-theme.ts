import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { BRAND_SHADE, buildBrandPalette, FALLBACK_BRAND_COLOR, readableDarkShades, readableOn } from './palette.ts';

/** Secondary text colour that still meets WCAG AA on white and on the light grey page background. */
export const DIMMED_TEXT = '#646b72';

// The spec disables UI animations; overlays appear and disappear at once.
const instant = { transitionProps: { duration: 0 } };

// Mantine 9's light variants (alerts, badges, the active menu item) put shade 9 text on shade 1 (shade 2
// when hovered), and pages write `c="orange.9"` on an orange.1 banner: below AA for orange, yellow, grape
// and others. Each colour's dark shades (7-9) are darkened here, once for the whole app, until they read
// at AA on that colour's shade 2 (so on shades 0-2 and white too); lighter shades keep their look.
const READABLE_COLORS: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, readableDarkShades(shades)]),
);

/** Words the theme puts on Mantine's own controls (the ✕ of every modal, drawer, alert and notification). */
export interface ThemeLabels {
  close: string;
}

/** Mantine theme: the brand colour as primary, everything else neutral grey. */
export function createBrandTheme(
  themeColor: string | undefined,
  labels: ThemeLabels = { close: 'Close' },
): {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
} {
  const palette = buildBrandPalette(themeColor ?? FALLBACK_BRAND_COLOR);
  const textColor = palette.colors[palette.textShade] as string;
  // The light variant's background is shade 1, shade 2 when hovered (the active menu item, light buttons).
  const lightText = readableOn(textColor, palette.colors[2] as string);
  // Every ✕ (Modal, Drawer, Alert, Notification, Pill...) is a CloseButton: it gets a name everywhere.
  const closeButtonProps = { 'aria-label': labels.close, title: labels.close };
  const theme = createTheme({
    colors: { ...READABLE_COLORS, brand: palette.colors as unknown as MantineColorsTuple },
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
      Modal: { defaultProps: { ...instant, closeButtonProps } },
      Drawer: { defaultProps: { ...instant, closeButtonProps } },
      CloseButton: { defaultProps: closeButtonProps },
      Notification: { defaultProps: { closeButtonProps } },
      Alert: { defaultProps: { closeButtonLabel: labels.close } },
      Popover: { defaultProps: instant },
      Tooltip: { defaultProps: { ...instant, openDelay: 300 } },
      Menu: { defaultProps: instant },
      Table: { defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm', fz: 'sm' } },
    },
  });
  const cssVariablesResolver: CSSVariablesResolver = () => ({
    variables: {},
    light: {
      // Mantine's default dimmed grey (gray.6) is 3.3:1 on white; this one is 5.3:1 (4.9:1 on gray.1).
      '--mantine-color-dimmed': DIMMED_TEXT,
      '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
      // Field hints and errors: Mantine's red.6 is 3.3:1 on white; red.9 (made readable above) is AA.
      '--mantine-color-error': 'var(--mantine-color-red-9)',
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
