import { ActionIcon, Alert, Group, Stack, Text } from '@mantine/core';
import { IconMapPinExclamation, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatHHmm } from '../../../shared/format/time.ts';
import { removeGeofenceAlert, useAlerts } from '../hooks/alerts-store.ts';

/** The quieter banner: one line per vehicle geofence alert (registration, HH:mm, text) with a clear button. */
export function GeofenceBanner() {
  const { t } = useTranslation();
  const { geofence } = useAlerts();
  if (geofence.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMapPinExclamation aria-hidden />}
      role="region"
      aria-label={t('alerts.geofenceRegion')}
      py={6}
      mb="sm"
    >
      <Stack gap={2}>
        {geofence.map((a) => (
          <Group key={a.unitid} gap="sm" wrap="nowrap" justify="space-between">
            <Text size="sm" c="dark.8">
              <strong>{a.registration}</strong> {formatHHmm(a.updated)} {t('alerts.geofenceText')}
            </Text>
            <ActionIcon
              variant="subtle"
              color="dark"
              size="sm"
              aria-label={t('alerts.clear', { registration: a.registration })}
              onClick={() => removeGeofenceAlert(a.unitid)}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
