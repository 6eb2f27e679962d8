import { Anchor, Group, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alertsPath } from '../hooks/alert-categories.ts';
import { useAlerts } from '../hooks/alerts-store.ts';

/** On administration pages, instead of the banners: how many panic and zone alerts are open, each a link to its list. */
export function AlertCountStrip() {
  const { t } = useTranslation();
  const { panic, geofence, counts } = useAlerts();
  if (counts === null) return null;
  return (
    <Group gap="md" h="100%" px="sm" wrap="nowrap" component="section" aria-label={t('alerts.countRegion')} data-testid="alert-counts">
      <IconBell size={16} aria-hidden />
      {panic.length === 0 && geofence.length === 0 ? (
        <Text size="sm" c="dark.6">{t('alerts.noneOpenAny')}</Text>
      ) : (
        <>
          {panic.length > 0 && (
            <Anchor component={Link} to={alertsPath('panic')} size="sm" fw={700} c="red.9">
              {t('alerts.panicCount', { count: panic.length })}
            </Anchor>
          )}
          {geofence.length > 0 && (
            <Anchor component={Link} to={alertsPath('zone')} size="sm" fw={600} c="dark.8">
              {t('alerts.zoneCount', { count: geofence.length })}
            </Anchor>
          )}
        </>
      )}
    </Group>
  );
}
