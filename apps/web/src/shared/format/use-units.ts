import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '@fleet/shared';
import { useMemo } from 'react';
import { useSessionUser } from '../session/session-store.ts';
import { distanceUnit, formatDistance, formatDistanceFrom, formatOdometer, formatRadius, formatPer100, formatSpeed, formatSpeedKmh, speedUnit } from './units.ts';

/** The current site's unit system, from the signed-in session (imperial without one). */
export function useUnitSystem(): UnitSystem {
  return useSessionUser()?.unitsystem ?? DEFAULT_UNIT_SYSTEM;
}

/** The formatters of units.ts bound to the current site's unit system. */
export function useUnits() {
  const system = useUnitSystem();
  return useMemo(
    () => ({
      system,
      speed: (mph: unknown) => formatSpeed(mph, system),
      speedKmh: (kmh: unknown) => formatSpeedKmh(kmh, system),
      speedUnit: speedUnit(system),
      distanceUnit: distanceUnit(system),
      distance: (km: unknown) => formatDistance(km, system),
      distanceFrom: (km: unknown, place: string) => formatDistanceFrom(km, place, system),
      odometer: (km: unknown) => formatOdometer(km, system),
      radius: (metres: unknown) => formatRadius(metres, system),
      per100: (count: unknown, km: unknown) => formatPer100(count, km, system),
    }),
    [system],
  );
}
