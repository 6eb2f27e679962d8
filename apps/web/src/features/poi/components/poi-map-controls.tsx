import { Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setPoiState, usePoiState } from '../model/poi-store.ts';
import { GEOFENCE_DASH, POI_COLOURS } from '../map/poi-colours.ts';
import classes from './poi.module.css';

function Swatch({ colour, dashed }: { colour: string; dashed: boolean }) {
  const dash = dashed ? `${GEOFENCE_DASH[0] * 2.5} ${GEOFENCE_DASH[1] * 2.5}` : undefined;
  return (
    <svg width="22" height="14" aria-hidden>
      <rect x="1.5" y="1.5" width="19" height="11" fill={colour} fillOpacity={0.14} stroke={colour} strokeWidth="2" strokeDasharray={dash} />
    </svg>
  );
}

/** Over the map: the 'Places' toggle and a legend telling places from geofences (line style too). */
export function PoiMapControls() {
  const { t } = useTranslation();
  const { visible } = usePoiState();
  return (
    <Paper className={classes.controls} shadow="xs" withBorder p={6} data-testid="poi-legend">
      <Stack gap={4}>
        <Switch size="xs" label={t('poi.layerToggle')} checked={visible} onChange={(e) => setPoiState({ visible: e.currentTarget.checked })} />
        {visible && (
          <>
            <Group gap={6} wrap="nowrap">
              <Swatch colour={POI_COLOURS.place} dashed={false} />
              <Text size="xs">{t('poi.legendPlace')}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <Swatch colour={POI_COLOURS.geofence} dashed />
              <Text size="xs">{t('poi.legendGeofence')}</Text>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
