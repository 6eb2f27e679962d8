import { Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
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

/** Over the map when the vehicles could not be loaded: what failed, why, and a retry. */
export function MapLoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.failed}>
      <ErrorState title={t('fleet.loadFailed')} error={error} onRetry={onRetry} />
    </div>
  );
}
