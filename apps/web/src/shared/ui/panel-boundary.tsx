import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';

interface PanelBoundaryProps {
  /** What the panel shows, for the message: 'The map', 'The vehicle list'. */
  name: string;
  children: ReactNode;
  /** When one of these changes, a failed panel tries again by itself (e.g. new data arrived). */
  resetKeys?: unknown[];
  /** Extra class for the fallback's box (to fill the panel's space). */
  className?: string;
}

/**
 * One panel's error boundary: if the panel throws, only it is replaced by a short message with a
 * retry, and the rest of the page keeps working. The route's error screen stays the last resort
 * for what no panel catches.
 */
export function PanelBoundary({ name, children, resetKeys, className }: PanelBoundaryProps) {
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      onError={(error) => console.error(`${name} failed:`, error)}
      fallbackRender={(props) => <PanelError name={name} className={className} {...props} />}
    >
      {children}
    </ErrorBoundary>
  );
}

function PanelError({ name, className, resetErrorBoundary }: FallbackProps & { name: string; className?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={className} data-panel-error={name}>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" m="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{t('panel.failed', { name })}</Text>
          <Button size="compact-sm" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={resetErrorBoundary}>
            {t('errors.retry')}
          </Button>
        </Group>
      </Alert>
    </div>
  );
}

/**
 * For code that runs outside React's rendering (map events, cache subscriptions), whose errors no
 * boundary sees: the function it returns re-throws an error in the calling component's next
 * render, so the enclosing PanelBoundary (or, outside any, the route's) shows it.
 */
export function usePanelFailure(): (error: unknown) => void {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  return useCallback((error: unknown) => setFailure({ error }), []);
}
