import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error.ts';

/** The sentence to show for a failed call: the server's own message, or our wording of what went wrong. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) return error.code === 'server' ? error.message : t(`errors.${error.code}`);
    return t('errors.generic');
  };
}

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}

/** Says what failed and offers a retry. */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={title ?? t('errors.title')}
    >
      <Group justify="space-between" gap="sm">
        <span>{message(error)}</span>
        {onRetry && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            {t('errors.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
