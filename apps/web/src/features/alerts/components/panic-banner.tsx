import { ActionIcon, Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertOctagonFilled, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatHHmm } from '../../../shared/format/time.ts';
import { useAlerts } from '../hooks/alerts-store.ts';

/** The red banner that stays until a panic is acknowledged: vehicle, time, location, text and a link to it. */
export function PanicBanner() {
  const { t } = useTranslation();
  const { panic } = useAlerts();
  if (panic.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertOctagonFilled aria-hidden />}
      role="alert"
      aria-label={t('alerts.panicRegion')}
      py={6}
      mb="sm"
    >
      <Stack gap={2}>
        {panic.map((a) => (
          <Group key={a.aid} gap="sm" wrap="nowrap" justify="space-between">
            <Text size="sm" c="white">
              <strong>{a.vehicle}</strong> {formatHHmm(a.updated)} {a.loc} — {t('alerts.panicText')}
            </Text>
            <ActionIcon
              component={Link}
              to={`/tabs/tabs/fleet/${a.aid}/${a.uid}`}
              variant="white"
              color="red"
              size="sm"
              aria-label={t('alerts.openVehicle', { vehicle: a.vehicle })}
            >
              <IconMapPin size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
