import { z } from 'zod';

/**
 * One unit system per site (issue 10): 'imperial' shows miles, mph and yards (UK fleets),
 * 'metric' kilometres, km/h and metres. Values are stored and sent in one unit whatever the
 * site's system (speeds in mph as the spec sends them, distances in km, radii in metres); only
 * what people read follows it.
 */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
/** What a site without a stored choice shows: the spec's mph and the UK's miles. */
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';

export const unitSystemSchema = z.enum(UNIT_SYSTEMS, { error: "the unit system must be 'imperial' or 'metric'" });

export const KM_PER_MILE = 1.609344;
export const METRES_PER_YARD = 0.9144;

/** A unit system as stored; anything else reads as the default. */
export function unitSystemOf(value: unknown): UnitSystem {
  return value === 'metric' || value === 'imperial' ? value : DEFAULT_UNIT_SYSTEM;
}

/**
 * A whole distance in words for server texts ('12,345 mi', '19,868 km'): odometers and service plans,
 * whose readings are in km.
 */
export function wholeDistanceText(km: number, system: UnitSystem): string {
  const value = system === 'imperial' ? km / KM_PER_MILE : km;
  return `${Math.round(value).toLocaleString('en-GB')} ${system === 'imperial' ? 'mi' : 'km'}`;
}

/**
 * A distance from a town in words: '1.2 mi from Morley' (imperial) or '1.9 km from Morley'
 * (metric), one decimal; null when it is not a finite distance of 0 or more.
 */
export function distanceFromText(km: number, town: string, system: UnitSystem): string | null {
  if (!Number.isFinite(km) || km < 0) return null;
  const value = system === 'imperial' ? km / KM_PER_MILE : km;
  return `${value.toFixed(1)} ${system === 'imperial' ? 'mi' : 'km'} from ${town}`;
}
