import type { FaultEpisode } from '@fleet/shared/faults/faults.schema';
import { Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertOctagon, IconAlertTriangle, IconChevronRight, IconEngine, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullDate, formatHHmm, formatRelative } from '../format/time.ts';
import { useSiteEvents } from '../realtime/use-site-events.ts';
import { useSessionUser } from '../session/session-store.ts';
import { useCanChange } from '../session/use-can-change.ts';
import { ErrorState, useErrorMessage } from '../ui/error-state.tsx';
import { clearFaultAlerts, engineDataPath, faultKeys, vehicleFaultsQuery } from './faults-api.ts';
import classes from './vehicle-faults.module.css';

interface VehicleFaultsProps {
  uid: number;
  /** The vehicle details' short form: the faults still reported and the newest few ended, with a link to the engine page. */
  compact?: boolean;
}

const SEVERITY_ICON = { critical: IconAlertOctagon, warning: IconAlertTriangle, info: IconInfoCircle } as const;
const SEVERITY_COLOR = { critical: 'red.9', warning: 'orange.9', info: 'gray.7' } as const;
/** Ended faults the compact form still shows. */
const COMPACT_ENDED = 2;

/**
 * A vehicle's fault codes (J1939 SPN/FMI and OBD codes in words): still reported first, each with
 * its severity, first and last seen and whether its alert was cleared; operators clear the
 * vehicle's fault-code alerts (clearspnalarm) after a confirmation.
 */
export function VehicleFaults({ uid, compact = false }: VehicleFaultsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const faults = useQuery(vehicleFaultsQuery(uid));
  const canChange = useCanChange();
  useLiveFaults(uid);
  const [confirming, setConfirming] = useState(false);
  const all = faults.data?.faults ?? [];
  const shown = compact ? [...all.filter((f) => f.active), ...all.filter((f) => !f.active).slice(0, COMPACT_ENDED)] : all;
  const openAlerts = all.some((f) => f.aid !== null && f.cleared === null);
  const now = new Date();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs" p="sm" data-testid="vehicle-faults">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Title order={3} fz="sm" id={titleId}>
            {t('faults.title')}
          </Title>
          {faults.data && (
            <Badge color={faults.data.active > 0 ? 'red.9' : 'gray'} variant={faults.data.active > 0 ? 'filled' : 'light'} size="sm" data-testid="faults-active-count">
              {t('faults.activeCount', { count: faults.data.active })}
            </Badge>
          )}
        </Group>
        {canChange && openAlerts && (
          <Button size="compact-sm" variant="default" c="red.9" leftSection={<IconX size={14} aria-hidden />} onClick={() => setConfirming(true)}>
            {t('faults.clear')}
          </Button>
        )}
      </Group>
      {faults.isPending && (
        <Stack gap={6} role="status" aria-label={t('faults.loading')}>
          <Skeleton height={38} />
          <Skeleton height={38} />
        </Stack>
      )}
      {faults.error && <ErrorState error={faults.error} onRetry={() => void faults.refetch()} />}
      {faults.data && all.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('faults.none')}
        </Text>
      )}
      {shown.length > 0 && (
        <ul className={classes.list}>
          {shown.map((f) => <FaultItem key={f.id} fault={f} now={now} />)}
        </ul>
      )}
      {compact && shown.length < all.length && (
        <Text size="xs" c="gray.7">
          {t('faults.more', { count: all.length - shown.length })}
        </Text>
      )}
      {compact && (
        <Anchor component={Link} to={engineDataPath(uid)} size="sm" data-testid="engine-data-link">
          <Group gap={6} wrap="nowrap" component="span">
            <IconEngine size={16} aria-hidden />
            {t('faults.engineLink')}
            <IconChevronRight size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
      <ClearFaultsModal uid={uid} vehicle={all[0]?.vehicle ?? ''} opened={confirming} onClose={() => setConfirming(false)} />
    </Stack>
  );
}

/** A new fault (its spn alert) or a clear of the vehicle's, here or in another browser, shows at once; an ended fault within the minute. */
function useLiveFaults(uid: number) {
  const queryClient = useQueryClient();
  const refresh = (events: readonly { kind: string; uid: number }[]) => {
    if (events.some((e) => e.kind === 'spn' && e.uid === uid)) void queryClient.invalidateQueries({ queryKey: faultKeys.vehicle(uid) });
  };
  useSiteEvents(useSessionUser()?.token, {
    'alerts:new': refresh,
    'alerts:cleared': refresh,
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: faultKeys.vehicle(uid) }),
  });
}

function FaultItem({ fault: f, now }: { fault: FaultEpisode; now: Date }) {
  const { t } = useTranslation();
  const Icon = SEVERITY_ICON[f.severity];
  const when = (iso: string) => (
    <time dateTime={iso} title={formatFullDate(iso)}>
      {formatHHmm(iso)}
    </time>
  );
  return (
    <li className={classes.item} data-active={f.active} data-testid="fault-item">
      <Icon size={18} className={classes.icon} color={`var(--mantine-color-${SEVERITY_COLOR[f.severity].replace('.', '-')})`} aria-hidden />
      <div className={classes.body}>
        <Group gap={6} wrap="wrap" justify="space-between">
          <Text size="sm" fw={600} c="dark.8" className={classes.text}>
            {f.text}
          </Text>
          {f.active ? (
            <Badge size="xs" color="red" variant="light">{t('faults.active')}</Badge>
          ) : (
            <Badge size="xs" color="gray" variant="light">{t('faults.ended')}</Badge>
          )}
        </Group>
        <Text size="xs" c="dark.6">
          <span className={classes.code}>{f.code}</span> · {t(`faults.severity.${f.severity}`)}
        </Text>
        <Text size="xs" c="dark.6">
          {t('faults.firstSeen')} {when(f.first)} · {t('faults.lastSeen')} {when(f.last)} ({formatRelative(f.last, now)})
          {f.ended && <> · {t('faults.endedAt')} {when(f.ended)}</>}
        </Text>
        {f.aid !== null && (
          <Text size="xs" c={f.cleared ? 'gray.7' : 'red.9'}>
            {f.cleared ? t('faults.alertCleared', { by: f.clearedby ?? t('faults.someone'), time: formatHHmm(f.cleared) }) : t('faults.alertOpen')}
          </Text>
        )}
      </div>
    </li>
  );
}

/** Asks first: clearing is for everyone on the site, and the faults stay listed while reported. */
function ClearFaultsModal({ uid, vehicle, opened, onClose }: { uid: number; vehicle: string; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const clear = async () => {
    setBusy(true);
    try {
      await clearFaultAlerts(uid);
      await queryClient.invalidateQueries({ queryKey: faultKeys.vehicle(uid) });
      notifications.show({ message: t('faults.cleared', { vehicle }), color: 'teal' });
      onClose();
    } catch (error) {
      notifications.show({ title: t('faults.clearFailed', { vehicle }), message: message(error), color: 'red' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('faults.confirmTitle', { vehicle })} centered size="sm" closeButtonProps={{ 'aria-label': t('app.close') }}>
      <Text size="sm">{t('faults.confirmText')}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={busy}>
          {t('faults.cancel')}
        </Button>
        <Button color="red.9" onClick={() => void clear()} loading={busy}>
          {t('faults.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
