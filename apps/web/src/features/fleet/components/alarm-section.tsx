import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullDate, formatHHmm, formatRelative } from '../../../shared/format/time.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { StateMark } from '../../../shared/vehicles/state-mark.tsx';
import { alertsPath } from '../../alerts/index.ts';
import { type AlarmCause, clearAlarmCause, useVehicleAlarm } from '../hooks/use-vehicle-alarm.ts';
import { alertCauseText } from '../../alerts/index.ts';
import { useCanChange } from '../../../shared/session/use-can-change.ts';

interface AlarmSectionProps {
  siteId: number;
  unitId: number;
  vehicle: string;
  now: number;
}

/**
 * 'alarm' with what raised it and since when, and for each cause Open alert and Clear (which asks
 * first, saying what it clears and that it clears it for everyone).
 */
export function AlarmSection({ siteId, unitId, vehicle, now }: AlarmSectionProps) {
  const { t } = useTranslation();
  const alarm = useVehicleAlarm(siteId, unitId, true);
  const [confirm, setConfirm] = useState<AlarmCause | null>(null);
  // A viewer (issue 15) sees the alarm but clears nothing.
  const canChange = useCanChange();
  return (
    <section aria-labelledby="alarm-title" data-testid="alarm-section">
      <Alert
        color="red"
        variant="light"
        radius={0}
        p="sm"
        title={
          <Group gap={6} wrap="nowrap" component="span">
            <StateMark state="alarm" size={16} />
            <span id="alarm-title">{t('fleet.alarm.title')}</span>
          </Group>
        }
        styles={{ title: { marginBottom: 4, color: '#ad1f1f' } }}
      >
        {alarm.pending && (
          <Text size="sm" role="status">
            {t('fleet.alarm.loading')}
          </Text>
        )}
        {alarm.error && <ErrorState error={alarm.error} onRetry={alarm.retry} />}
        {!alarm.pending && !alarm.error && alarm.causes.length === 0 && <Text size="sm">{t('fleet.alarm.unknown')}</Text>}
        <Stack gap="xs">
          {alarm.causes.map((cause) => {
            const cause_ = alertCauseText(cause.latest, t);
            return (
              <div key={`${cause.list}:${cause.latest.aid}`} data-alarm-cause={cause.list}>
                <Text size="sm" fw={600} c="dark.8">
                  {cause_}
                </Text>
                <Text size="xs" c="dark.6">
                  <time dateTime={cause.latest.updated} title={formatFullDate(cause.latest.updated)}>
                    {t('fleet.alarm.sinceRelative', {
                      time: formatHHmm(cause.latest.updated),
                      relative: formatRelative(cause.latest.updated, new Date(now)),
                    })}
                  </time>
                  {cause.count > 1 && ` · ${t('fleet.alarm.more', { count: cause.count - 1 })}`}
                </Text>
                <Group gap={6} mt={6}>
                  <Button
                    component={Link}
                    to={alertsPath(cause.list, cause.latest.aid)}
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconExternalLink size={14} aria-hidden />}
                    aria-label={t('fleet.alarm.openAlertFor', { cause: cause_ })}
                  >
                    {t('fleet.alarm.openAlert')}
                  </Button>
                  {canChange && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      c="red.9"
                      leftSection={<IconX size={14} aria-hidden />}
                      aria-label={t('fleet.alarm.clearFor', { vehicle })}
                      onClick={() => setConfirm(cause)}
                    >
                      {t('fleet.alarm.clear')}
                    </Button>
                  )}
                </Group>
              </div>
            );
          })}
        </Stack>
      </Alert>
      <ClearAlarmModal cause={confirm} vehicle={vehicle} onClose={() => setConfirm(null)} />
    </section>
  );
}

/** Asks before clearing: what the clear affects (one panic, or all the vehicle's zone alerts) and for whom. */
function ClearAlarmModal({ cause, vehicle, onClose }: { cause: AlarmCause | null; vehicle: string; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const clear = async () => {
    if (!cause) return;
    setBusy(true);
    try {
      await clearAlarmCause(cause, queryClient);
      notifications.show({ message: t('fleet.alarm.cleared', { vehicle }), color: 'teal' });
      onClose();
    } catch (error) {
      notifications.show({
        title: t('fleet.alarm.failed', { vehicle }),
        message: error instanceof Error ? error.message : t('errors.generic'),
        color: 'red',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={cause !== null}
      onClose={onClose}
      title={t('fleet.alarm.confirmTitle', { vehicle })}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {cause && (
        <Text size="sm">
          {cause.list === 'panic'
            ? t('fleet.alarm.confirmPanic', { vehicle, time: formatHHmm(cause.latest.updated) })
            : t('fleet.alarm.confirmZone', { vehicle, count: cause.count })}
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={busy}>
          {t('fleet.alarm.cancel')}
        </Button>
        <Button color="red.9" onClick={() => void clear()} loading={busy}>
          {t('fleet.alarm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/** One line for the map card: the newest cause and since when (the details hold Open alert and Clear). */
export function AlarmCauseLine({ siteId, unitId }: { siteId: number; unitId: number }) {
  const { t } = useTranslation();
  const alarm = useVehicleAlarm(siteId, unitId, true);
  const cause = alarm.causes[0];
  if (!cause) return null;
  return (
    <Text size="xs" c="#ad1f1f" mt={2} lineClamp={2} data-testid="alarm-cause-line">
      {alertCauseText(cause.latest, t)} · {t('fleet.alarm.since', { time: formatHHmm(cause.latest.updated) })}
    </Text>
  );
}
