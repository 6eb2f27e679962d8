import type { VehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { NO_SPEED_TEXT_UNIT_TYPE, vehicleMotion } from '@fleet/shared/rules/vehicle-status';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DrawingSvg } from '../../../shared/vehicles/drawing-svg.tsx';
import { STATE_MANTINE_COLOUR, stateBadge } from '../../../shared/vehicles/vehicle-look.ts';
import { shownSpeedMph } from '../../../shared/vehicles/vehicle-text.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import classes from './vehicle-list.module.css';

const BADGES = {
  driving: stateBadge('driving'),
  idling: stateBadge('idling'),
  stopped: stateBadge('stopped'),
  stale: stateBadge('stale'),
  alarm: stateBadge('alarm'),
} as const;

/**
 * The spec's status text ('stopped', 'Idling', 'driving at N mph'; none for unit type 6) in a badge
 * with the state's colour and mark, the same as on the map; the mark's name is read out too.
 */
export function VehicleStatus({ vehicle, state }: { vehicle: Vehicle; state: VehicleIconState }) {
  const { t } = useTranslation();
  const motion = vehicleMotion(vehicle);
  // A speed that is no speed (negative, 1e308) says 'driving' without a number.
  const speed = shownSpeedMph(vehicle.speed);
  const text =
    vehicle.unittype === NO_SPEED_TEXT_UNIT_TYPE
      ? ''
      : motion === 'driving' && speed === null
        ? t('fleet.status.drivingNoSpeed')
        : t(`fleet.status.${motion}`, { speed });
  const stateName = t(`fleet.state.${state}`);
  return (
    <Badge
      variant="light"
      color={STATE_MANTINE_COLOUR[state]}
      c="dark.8"
      tt="none"
      fw={500}
      fz={12}
      h={22}
      radius="sm"
      px={6}
      className={classes.status}
      data-state={state}
      title={stateName}
      leftSection={<DrawingSvg drawing={BADGES[state]} size={14} />}
    >
      {text || stateName}
      {text && state !== motion && <span className={classes.srOnly}> ({stateName})</span>}
    </Badge>
  );
}
