import { ActionIcon, Alert, Anchor, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMapPinExclamation, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullDate, formatHHmm } from '../../../shared/format/time.ts';
import { alertsPath } from '../hooks/alert-categories.ts';
import { type GeofenceLine, geofenceLines } from '../hooks/alerts-state.ts';
import { useAlerts } from '../hooks/alerts-store.ts';
import { clearGeofenceAlert } from '../hooks/clear-alerts.ts';

/** More vehicles than this fold away behind 'Show all', so the banner never buries the page. */
const FOLDED_LINES = 3;
const FOLDED_LINES_PHONE = 1;

function GeofenceRow({ line }: { line: GeofenceLine }) {
  const { t } = useTranslation();
  const { latest } = line;
  const zone = latest.poi || t('alerts.aZone');
  const move =
    latest.event === 'movement'
      ? t('alerts.assetMoved')
      : latest.event === 'exit'
        ? t('alerts.geofenceLeft', { poi: zone })
        : t('alerts.geofenceEntered', { poi: zone });
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" opacity={line.vehiclealarm ? 1 : 0.6}>
      <Text size="sm" c="dark.8" style={{ minWidth: 0 }}>
        <strong>{latest.registration}</strong>{' '}
        <time dateTime={latest.updated} title={formatFullDate(latest.updated)}>
          {formatHHmm(latest.updated)}
        </time>{' '}
        {t('alerts.geofenceText')}{' '}
        <Text span size="xs" c="dimmed">
          {move}
          {line.count > 1 && ` · ${t('alerts.geofenceMore', { count: line.count - 1 })}`}
        </Text>
      </Text>
      <ActionIcon
        variant="subtle"
        color="dark"
        size="md"
        loading={!line.vehiclealarm}
        aria-label={t('alerts.clear', { registration: latest.registration })}
        title={t('alerts.clear', { registration: latest.registration })}
        onClick={() => void clearGeofenceAlert(line.unitid, latest.registration)}
      >
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The quieter banner (spec 2): one line per vehicle with geofence alerts (registration, HH:mm, text) and a clear button. */
export function GeofenceBanner() {
  const { t } = useTranslation();
  const { geofence } = useAlerts();
  const [expanded, setExpanded] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  if (geofence.length === 0) return null;
  const folded = phone ? FOLDED_LINES_PHONE : FOLDED_LINES;
  const lines = geofenceLines(geofence);
  const shown = expanded ? lines : lines.slice(0, folded);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMapPinExclamation aria-hidden />}
      role="status"
      aria-atomic={false}
      aria-label={t('alerts.geofenceRegion')}
      py={6}
      mb="sm"
      data-testid="geofence-banner"
    >
      <Stack gap={2}>
        {shown.map((line) => (
          <GeofenceRow key={line.unitid} line={line} />
        ))}
        <Group gap="md">
          {lines.length > folded && (
            <UnstyledButton
              fz="xs"
              fw={600}
              c="orange.9"
              td="underline"
              aria-expanded={expanded}
              onClick={() => setExpanded((e) => !e)}
            >
              {expanded ? t('alerts.showFewer') : t('alerts.showAll', { count: lines.length })}
            </UnstyledButton>
          )}
          <Anchor component={Link} to={alertsPath('zone')} fz="xs" fw={600} c="orange.9">
            {t('alerts.openZoneList')}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
