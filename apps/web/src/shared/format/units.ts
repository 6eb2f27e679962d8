import { KM_PER_MILE, METRES_PER_YARD, type UnitSystem } from '@fleet/shared';

/**
 * The one place the web turns speeds, distances, odometers and radii into text in the site's unit
 * system (issue 10): 'imperial' reads mph, mi and yd; 'metric' km/h, km and m. Values arrive in one
 * unit whatever the site's system (speeds in mph as the spec sends them, distances and odometers in
 * km, radii in metres). Unit symbols are written in lower case and must stay so: never put these
 * texts in an upper-casing style (Mantine's Badge upper-cases unless told `tt="none"`).
 * A value that is no reading (not a number, below zero, beyond any vehicle) reads as NO_VALUE,
 * never 'NaN mi' or '-5 mph'.
 */
export const NO_VALUE = '–';

/** Beyond these a reading is broken, not a value to print (mph; km; km; m). */
export const LIMITS = { speedMph: 1000, distanceKm: 100_000, odometerKm: 100_000_000, radiusM: 1_000_000 } as const;

type Unit = 'mile-per-hour' | 'kilometer-per-hour' | 'mile' | 'kilometer' | 'yard' | 'meter';

// Building an Intl formatter costs far more than using one: each is built once.
const formats = new Map<string, Intl.NumberFormat>();
function format(value: number, unit: Unit, fractionDigits: number): string {
  const key = `${unit}|${fractionDigits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: fractionDigits });
    formats.set(key, f);
  }
  // -0 would print as '-0'.
  return f.format(value === 0 ? 0 : value);
}

function reading(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

/** A speed (mph) as a whole number in the site's unit, or null when it is no believable speed. */
export function speedValue(mph: unknown, system: UnitSystem): number | null {
  const v = reading(mph, LIMITS.speedMph);
  if (v === null) return null;
  return Math.round(system === 'imperial' ? v : v * KM_PER_MILE);
}

/** The site's speed unit on its own, for column headings: 'mph' or 'km/h'. */
export function speedUnit(system: UnitSystem): string {
  return system === 'imperial' ? 'mph' : 'km/h';
}

/** The site's distance unit on its own, for labels: 'mi' or 'km'. */
export function distanceUnit(system: UnitSystem): string {
  return system === 'imperial' ? 'mi' : 'km';
}

/** '30 mph' or '48 km/h', whole; NO_VALUE for no believable speed. */
export function formatSpeed(mph: unknown, system: UnitSystem): string {
  const v = speedValue(mph, system);
  return v === null ? NO_VALUE : format(v, system === 'imperial' ? 'mile-per-hour' : 'kilometer-per-hour', 0);
}

/** A speed a device reported in km/h (driving events) in the site's unit: '45 mph' or '72 km/h'. */
export function formatSpeedKmh(kmh: unknown, system: UnitSystem): string {
  return formatSpeed(typeof kmh === 'number' ? kmh / KM_PER_MILE : kmh, system);
}

/** A distance (km) in the site's unit: one decimal under 100 ('1.2 mi'), whole above ('1,234 km'). */
export function formatDistance(km: unknown, system: UnitSystem): string {
  const v = reading(km, LIMITS.distanceKm);
  if (v === null) return NO_VALUE;
  const value = system === 'imperial' ? v / KM_PER_MILE : v;
  return format(value, system === 'imperial' ? 'mile' : 'kilometer', value < 100 ? 1 : 0);
}

/** '1.2 mi from Morley'; NO_VALUE when the distance is no distance. */
export function formatDistanceFrom(km: unknown, place: string, system: UnitSystem): string {
  const d = formatDistance(km, system);
  return d === NO_VALUE ? NO_VALUE : `${d} from ${place}`;
}

/** An odometer (km) in whole units with separators, no fractions: '12,345 mi'. */
export function formatOdometer(km: unknown, system: UnitSystem): string {
  const v = reading(km, LIMITS.odometerKm);
  if (v === null) return NO_VALUE;
  return format(Math.round(system === 'imperial' ? v / KM_PER_MILE : v), system === 'imperial' ? 'mile' : 'kilometer', 0);
}

/** An odometer figure (km) as a whole number in the site's unit, for inputs; null for no reading. */
export function odometerValue(km: unknown, system: UnitSystem): number | null {
  const v = reading(km, LIMITS.odometerKm);
  if (v === null) return null;
  return Math.round(system === 'imperial' ? v / KM_PER_MILE : v);
}

/** An odometer figure typed in the site's unit, back in km as stored. */
export function odometerToKm(value: number, system: UnitSystem): number {
  return system === 'imperial' ? value * KM_PER_MILE : value;
}

/**
 * A place's radius (metres): '900 m' or '984 yd', whole; from 1 km (1,760 yd) on in km or mi with
 * one decimal ('1.5 km', '1.2 mi').
 */
export function formatRadius(metres: unknown, system: UnitSystem): string {
  const v = reading(metres, LIMITS.radiusM);
  if (v === null) return NO_VALUE;
  if (system === 'metric') return Math.round(v) < 1000 ? format(Math.round(v), 'meter', 0) : format(v / 1000, 'kilometer', 1);
  const yards = v / METRES_PER_YARD;
  return Math.round(yards) < 1760 ? format(Math.round(yards), 'yard', 0) : format(v / 1000 / KM_PER_MILE, 'mile', 1);
}

// A rate is a bare figure under a heading that names the unit: always one decimal, so a column lines up.
const rateFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * `count` events over `km` kilometres as events per 100 of the site's distance unit, for a column
 * whose heading says 'per 100 mi' or 'per 100 km': 100 mi is 160.9 km, so per 100 mi is 1.609 times
 * as many. Taken from the count and the distance, not from a rate per 100 km already rounded to one
 * decimal (which, multiplied, could be a tenth out). A bare figure with one decimal ('26.8'); 0 over no
 * distance (as the server's per100km); NO_VALUE for a count or distance that is none.
 */
export function formatPer100(count: unknown, km: unknown, system: UnitSystem): string {
  const n = reading(count, Number.MAX_SAFE_INTEGER);
  const d = reading(km, LIMITS.distanceKm);
  if (n === null || d === null) return NO_VALUE;
  const per100km = d > 0 ? (n / d) * 100 : 0;
  return rateFormat.format(system === 'imperial' ? per100km * KM_PER_MILE : per100km);
}
