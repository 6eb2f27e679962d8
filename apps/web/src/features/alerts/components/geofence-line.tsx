import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFullDate, formatHHmm } from '../../../shared/format/time.ts';
import type { GeofenceItem } from '../hooks/alerts-state.ts';

/** 'entered Depot yard', 'left a zone', 'Asset Movement: started moving'. */
export function useGeofenceMove(): (item: GeofenceItem) => string {
  const { t } = useTranslation();
  return (item) => {
    const zone = item.poi || t('alerts.aZone');
    if (item.event === 'movement') return t('alerts.assetMoved');
    return item.event === 'exit' ? t('alerts.geofenceLeft', { poi: zone }) : t('alerts.geofenceEntered', { poi: zone });
  };
}

/** The spec's banner words for one alert: registration, HH:mm, 'Asset Geofence Alert' (and what it was, quieter). */
export function GeofenceWords({ item, detail = true }: { item: GeofenceItem; detail?: boolean }) {
  const { t } = useTranslation();
  const move = useGeofenceMove();
  return (
    <>
      <strong>{item.registration}</strong>{' '}
      <time dateTime={item.updated} title={formatFullDate(item.updated)}>
        {formatHHmm(item.updated)}
      </time>{' '}
      {t('alerts.geofenceText')}
      {detail && (
        <Text span size="xs" c="dark.6">
          {' · '}
          {move(item)}
        </Text>
      )}
    </>
  );
}
