import { Button, Paper, Text } from '@mantine/core';
import { IconMapOff, IconSatellite } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BasemapChoice, BasemapStatus } from './use-basemap.ts';
import classes from './map-view.module.css';

/** Satellite on or off, offered only when the brand names a satellite style. */
export function SatelliteToggle({ choice, onChoice }: { choice: BasemapChoice; onChoice(choice: BasemapChoice): void }) {
  const { t } = useTranslation();
  const on = choice === 'satellite';
  return (
    <Button
      className={classes.satellite}
      size="compact-sm"
      variant={on ? 'filled' : 'default'}
      leftSection={<IconSatellite size={16} aria-hidden />}
      aria-pressed={on}
      onClick={() => onChoice(on ? 'street' : 'satellite')}
    >
      {t('map.satellite')}
    </Button>
  );
}

/** The small note that the chosen map did not load and the bundled one is shown instead. */
export function BasemapNote({ status }: { status: BasemapStatus }) {
  const { t } = useTranslation();
  if (status.state !== 'failed') return null;
  return (
    <Paper className={classes.note} shadow="xs" withBorder px={8} py={4} role="status" data-testid="basemap-note">
      <Text size="xs" c="dark.7" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <IconMapOff size={14} aria-hidden />
        {t(status.choice === 'satellite' ? 'map.satelliteFailed' : 'map.streetFailed')}
      </Text>
    </Paper>
  );
}
