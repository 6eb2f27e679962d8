import { NO_SPEED_TEXT_UNIT_TYPE, vehicleMotion } from '@fleet/shared/rules/vehicle-status';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StateMark } from '../../../shared/vehicles/state-mark.tsx';
import { STATE_MANTINE_COLOUR, stateLabelKey, type VehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import { formatSpeed, speedValue } from '../../../shared/format/units.ts';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import classes from './vehicle-list.module.css';

/** The movement words ('stopped', 'idling', 'driving at 30 mph' or '48 km/h' in the site's units; none for unit type 6), one case everywhere. */
export function useMotionText(): (vehicle: Vehicle) => string {
  const { t } = useTranslation();
  const system = useUnitSystem();
  return (vehicle) => {
    if (vehicle.unittype === NO_SPEED_TEXT_UNIT_TYPE) return '';
    const motion = vehicleMotion(vehicle);
    // A speed that is no speed (negative, 1e308) says 'driving' without a number.
    if (motion === 'driving' && speedValue(vehicle.speed, system) === null) return t('fleet.status.drivingNoSpeed');
    return t(`fleet.status.${motion}`, { speed: formatSpeed(vehicle.speed, system) });
  };
}

/**
 * The vehicle's state in the vocabulary's words, colour and mark, the same as on the map: its
 * movement ('driving at 32 mph'), 'no report' when it has not reported for over 24 hours, and
 * 'alarm' in front of the movement while an alarm is open.
 */
export function VehicleStatus({ vehicle, state }: { vehicle: Vehicle; state: VehicleState }) {
  const { t } = useTranslation();
  const motion = useMotionText()(vehicle);
  const word = t(stateLabelKey(state));
  const text = state === 'stale' ? word : state === 'alarm' ? (motion ? `${word} · ${motion}` : word) : motion || word;
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
      title={state === 'stale' ? t('vehicleState.staleHint') : word}
      leftSection={<StateMark state={state} />}
    >
      {text}
    </Badge>
  );
}
