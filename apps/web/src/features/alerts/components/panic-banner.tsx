import { ActionIcon, Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertOctagonFilled, IconCheck, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullDate, formatHHmm } from '../../../shared/format/time.ts';
import { useAlerts } from '../hooks/alerts-store.ts';
import { PanicAckModal, type PanicToAcknowledge } from './panic-ack-modal.tsx';

/**
 * The red banner that stays until a panic is acknowledged (spec 2): vehicle, time, location, text,
 * an icon linking to the vehicle on the fleet view, and Acknowledge (with the spec's confirmation).
 */
export function PanicBanner() {
  const { t } = useTranslation();
  const { panic } = useAlerts();
  const [acknowledging, setAcknowledging] = useState<PanicToAcknowledge | null>(null);
  if (panic.length === 0) return null;
  return (
    <>
      <Alert
        color="red.9"
        variant="filled"
        icon={<IconAlertOctagonFilled color="white" aria-hidden />}
        role="alert"
        aria-label={t('alerts.panicRegion')}
        py={6}
        mb="sm"
        data-testid="panic-banner"
      >
        <Stack gap={4}>
          {panic.map((a) => (
            <Group key={a.aid} gap="xs" justify="space-between" align="center">
              <Text size="sm" c="white" style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <strong>{a.vehicle}</strong>{' '}
                <time dateTime={a.updated} title={formatFullDate(a.updated)}>
                  {formatHHmm(a.updated)}
                </time>{' '}
                {a.loc} — {t('alerts.panicText')}
              </Text>
              <Group gap={6} wrap="nowrap">
                <ActionIcon
                  component={Link}
                  to={`/tabs/tabs/fleet/${a.aid}/${a.uid}`}
                  variant="white"
                  color="red.9"
                  size="md"
                  aria-label={t('alerts.openVehicle', { vehicle: a.vehicle })}
                  title={t('alerts.openVehicle', { vehicle: a.vehicle })}
                >
                  <IconMapPin size={16} aria-hidden />
                </ActionIcon>
                <Button
                  variant="white"
                  color="red.9"
                  size="compact-sm"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  aria-label={t('alerts.acknowledgeFor', { vehicle: a.vehicle })}
                  onClick={() => setAcknowledging({ aid: a.aid, vehicle: a.vehicle })}
                >
                  {t('alerts.acknowledge')}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Alert>
      {/* Acknowledged in another browser meanwhile: the question is moot, so the confirm closes. */}
      <PanicAckModal
        alert={acknowledging && panic.some((a) => a.aid === acknowledging.aid) ? acknowledging : null}
        onClose={() => setAcknowledging(null)}
      />
    </>
  );
}
