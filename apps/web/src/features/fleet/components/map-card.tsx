import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconCurrentLocation, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lacksValidPosition, vehiclePosition } from '../../../shared/vehicles/position.ts';
import { StreetAddressLine } from '../../../shared/vehicles/street-address.tsx';
import { vehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import { registrationText } from '../../../shared/vehicles/vehicle-text.ts';
import { FakedLocationBadge } from '../../../shared/units/last-unit-info.tsx';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import { AlarmCauseLine } from './alarm-section.tsx';
import { useLatestReport } from './device-report.tsx';
import classes from './fleet-page.module.css';
import { VehicleMarkerIcon } from './vehicle-marker-icon.tsx';
import { VehicleStatus } from './vehicle-status.tsx';

interface MapCardProps {
  vehicle: Vehicle;
  now: number;
  following: boolean;
  onFollow(follow: boolean): void;
  onDetails(): void;
  onClose(): void;
  /** For the alarm's cause. */
  siteId: number;
}

/** The selected vehicle over the map: who it is, its state (and an alarm's cause), and follow / details. */
export function MapCard({ vehicle: v, now, following, onFollow, onDetails, onClose, siteId }: MapCardProps) {
  const { t } = useTranslation();
  const state = vehicleState(v, now);
  const drawable = vehiclePosition(v) !== null;
  // A faked (mock) location is said where the position is shown (the vehicles list carries no io).
  const report = useLatestReport(v.unitid, v.updated);
  return (
    <Paper className={classes.mapCard} shadow="sm" withBorder p={8} data-testid="map-card" aria-live="polite">
      <Group gap={8} wrap="nowrap" align="center">
        <VehicleMarkerIcon vehicle={v} state={state} size={34} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} size="sm" truncate>
            {registrationText(v.registration, t('fleet.unnamed', { id: v.unitid }))}
          </Text>
          <VehicleStatus vehicle={v} state={state} />
          <StreetAddressLine vehicle={v} />
          {v.vehiclealarm && <AlarmCauseLine siteId={siteId} unitId={v.unitid} />}
          {lacksValidPosition(v) && (
            <Text size="xs" c="gray.7" mt={2}>
              {t('fleet.noValidPosition')}
            </Text>
          )}
          {report?.mock === 1 && (
            <div style={{ marginTop: 4 }}>
              <FakedLocationBadge />
            </div>
          )}
        </div>
        <CloseButton size="sm" onClick={onClose} aria-label={t('fleet.clearSelection')} title={t('fleet.clearSelection')} />
      </Group>
      <Group gap={6} mt={8} wrap="nowrap">
        <Button
          size="compact-sm"
          variant={following ? 'filled' : 'default'}
          leftSection={<IconCurrentLocation size={14} aria-hidden />}
          onClick={() => onFollow(!following)}
          aria-pressed={following}
          disabled={!drawable}
        >
          {following ? t('fleet.following') : t('fleet.follow')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconListDetails size={14} aria-hidden />}
          onClick={onDetails}
        >
          {t('fleet.details')}
        </Button>
      </Group>
    </Paper>
  );
}
