import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandEffects } from '../shared/brand/brand-effects.tsx';
import { useBrand } from '../shared/brand/brand-query.ts';
import { createBrandTheme } from '../shared/brand/brand-theme.ts';
import { queryClient } from '../shared/query-client.ts';

// The container (and its drag gestures, transitions and styles) is fetched when the first notification
// is shown: the store is tiny and keeps what was shown until the container mounts and draws it.
// Its loader comes with the frames' (frame-modules.ts), so the entry does not carry its preload list.
const NotificationsHost = lazy(() => import('./frame-modules.ts').then((f) => f.loadNotificationsHost()));

function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const needed = useRef(false);
  if (notifications.length + queue.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost position="top-right" transitionDuration={0} autoClose={6000} />
    </Suspense>
  );
}

function BrandTheme({ children }: { children: ReactNode }) {
  const themeColor = useBrand()?.themeColor;
  const { t } = useTranslation();
  const close = t('app.close');
  const { theme, cssVariablesResolver } = useMemo(() => createBrandTheme(themeColor, { close }), [themeColor, close]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <LazyNotifications />
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
