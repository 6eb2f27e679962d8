import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandEffects } from '../shared/brand/brand-effects.tsx';
import { useBrand } from '../shared/brand/brand-query.ts';
import { createBrandTheme } from '../shared/brand/brand-theme.ts';
import { queryClient } from '../shared/query-client.ts';

function BrandTheme({ children }: { children: ReactNode }) {
  const themeColor = useBrand()?.themeColor;
  const { t } = useTranslation();
  const close = t('app.close');
  const { theme, cssVariablesResolver } = useMemo(() => createBrandTheme(themeColor, { close }), [themeColor, close]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications position="top-right" transitionDuration={0} autoClose={6000} />
      <BrandEffects />
      {children}
    </MantineProvider>
  );
}

/** Query cache, then the brand-dressed Mantine theme (the theme needs the brand answer). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandTheme>{children}</BrandTheme>
    </QueryClientProvider>
  );
}
