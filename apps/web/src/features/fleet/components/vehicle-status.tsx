import { displaySpeedMph, NO_SPEED_TEXT_UNIT_TYPE, vehicleMotion } from '@fleet/shared/rules/vehicle-status';
import { Badge, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangleFilled,
  IconPlayerPauseFilled,
  IconSquareFilled,
  IconSteeringWheel,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '../hooks/vehicle-rows.ts';

// Colour and shape together (design.md): each state has its own icon; text stays dark for contrast.
const LOOK = {
  driving: { color: 'green', Icon: IconSteeringWheel },
  idling: { color: 'yellow', Icon: IconPlayerPauseFilled },
  stopped: { color: 'gray', Icon: IconSquareFilled },
} as const;

/** The spec's status text ('stopped', 'Idling', 'driving at N mph') as a badge; alarms are red. */
export function VehicleStatus({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const motion = vehicleMotion(vehicle);
  const text =
    vehicle.unittype === NO_SPEED_TEXT_UNIT_TYPE
      ? ''
      : t(`fleet.status.${motion}`, { speed: displaySpeedMph(vehicle.speed) });
  const { color, Icon } = vehicle.vehiclealarm
    ? { color: 'red', Icon: IconAlertTriangleFilled }
    : LOOK[motion];

  if (!text && !vehicle.vehiclealarm) {
    return (
      <span aria-hidden={false}>
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('fleet.status.none')}</VisuallyHidden>
      </span>
    );
  }
  return (
    <Badge
      variant="light"
      color={color}
      c="dark.8"
      tt="none"
      fw={500}
      fz={12}
      h={22}
      radius="sm"
      data-motion={vehicle.vehiclealarm ? 'alarm' : motion}
      leftSection={<Icon size={12} color={`var(--mantine-color-${color}-8)`} aria-hidden />}
    >
      {text || t('fleet.status.none')}
    </Badge>
  );
}
