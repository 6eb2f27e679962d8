import { ActionIcon, Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertOctagonFilled, IconCheck, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullDate, formatHHmm } from '../../../shared/format/time.ts';
import { alertsPath } from '../hooks/alert-categories.ts';
import { useAlerts } from '../hooks/alerts-store.ts';
import { AlertReplayLink } from './alert-replay-link.tsx';
import { PanicAckModal, type PanicToAcknowledge } from './panic-ack-modal.tsx';

/** More panics than this are counted, with a link to the panic list, so the banner never covers the page. */
const PANIC_LINES = 3;

/**
 * The red banner that stays until a panic is acknowledged (spec 2): vehicle, time, location, text,
 * an icon linking to the vehicle on the fleet view, and Acknowledge (with the spec's confirmation).
 * The shell floats it over the top of the page, so it arrives without moving anything.
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
        data-testid="panic-banner"
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <Stack gap={4}>
          {panic.slice(0, PANIC_LINES).map((a) => (
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
                  size={44}
                  aria-label={t('alerts.openVehicle', { vehicle: a.vehicle })}
                  title={t('alerts.openVehicle', { vehicle: a.vehicle })}
                >
                  <IconMapPin size={16} aria-hidden />
                </ActionIcon>
                <AlertReplayLink unitid={a.uid} time={a.updated} vehicle={a.vehicle} look="white" />
                <Button
                  variant="white"
                  color="red.9"
                  size="compact-sm"
                  mih={44}
                  leftSection={<IconCheck size={14} aria-hidden />}
                  aria-label={t('alerts.acknowledgeFor', { vehicle: a.vehicle })}
                  onClick={() => setAcknowledging({ aid: a.aid, vehicle: a.vehicle })}
                >
                  {t('alerts.acknowledge')}
                </Button>
              </Group>
            </Group>
          ))}
          {panic.length > PANIC_LINES && (
            <Anchor component={Link} to={alertsPath('panic')} c="white" fw={700} size="sm" td="underline">
              {t('alerts.morePanics', { count: panic.length - PANIC_LINES })}
            </Anchor>
          )}
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
