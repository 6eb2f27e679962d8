import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import classes from './map-status.module.css';

/** The map's space while the vehicles that place it are loading: says so, instead of a blank map. */
export function MapWaiting() {
  const { t } = useTranslation();
  return (
    <div className={classes.waiting} data-testid="map-waiting">
      <Paper shadow="xs" withBorder px="md" py="sm" role="status">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('fleet.mapWaiting')}</Text>
        </Group>
      </Paper>
    </div>
  );
}

interface LoadFailedProps {
  error: unknown;
  onRetry(): void;
  /** Announced (role alert); the copy over the map repeats the list's quietly. */
  announce?: boolean;
}

/** The vehicles could not be loaded: names them, says why, offers a retry (dark red on white, AA). */
export function VehiclesLoadFailed({ error, onRetry, announce = true }: LoadFailedProps) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  return (
    <Paper withBorder shadow="xs" p="sm" className={classes.failedBox} role={announce ? 'alert' : undefined}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={20} className={classes.failedIcon} aria-hidden />
        <div>
          <Text size="sm" fw={700} className={classes.failedTitle}>
            {t('fleet.loadFailedReason', { reason: message(error) })}
          </Text>
          <Button mt={6} size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        </div>
      </Group>
    </Paper>
  );
}

/** Over the map when the vehicles could not be loaded (the map still opens, at the default view). */
export function MapLoadFailed(props: LoadFailedProps) {
  return (
    <div className={classes.failed}>
      <VehiclesLoadFailed {...props} announce={false} />
    </div>
  );
}
