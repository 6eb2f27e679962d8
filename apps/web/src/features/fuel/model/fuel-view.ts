import type { UnitSystem } from '@fleet/shared';
import type { FuelRange } from '../api/fuel-api.ts';

/** The ranges the page offers, ending now. */
export const FUEL_RANGES = ['day', 'week', 'month'] as const;
export type FuelRangeKey = (typeof FUEL_RANGES)[number];
const SPAN_MS: Record<FuelRangeKey, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

/** The range ending at `nowMs` (to the minute, so the query's key holds still while the page is open). */
export function rangeOf(key: FuelRangeKey, nowMs: number): FuelRange {
  const to = Math.ceil(nowMs / 60_000) * 60_000;
  return { from: new Date(to - SPAN_MS[key]).toISOString(), to: new Date(to).toISOString() };
}

/** Litres in a UK gallon: imperial sites read consumption in miles per gallon. */
export const LITRES_PER_UK_GALLON = 4.54609;

/**
 * Consumption as the site reads it: l/100 km (metric) or mpg, UK gallons (imperial); '–' without
 * a figure. mpg = 100 km / (l/100 km) in miles per gallon: 282.48 / (l/100 km).
 */
export function consumptionText(per100km: number | null, system: UnitSystem): string {
  if (per100km === null || !(per100km > 0)) return '–';
  if (system === 'metric') return `${per100km.toFixed(1)} l/100 km`;
  const mpg = (100 / 1.609344) * LITRES_PER_UK_GALLON / per100km;
  return `${mpg.toFixed(1)} mpg`;
}

/** Litres per engine hour. */
export function perHourText(perHour: number | null): string {
  return perHour === null ? '–' : `${perHour.toFixed(1)} l/h`;
}

export const litresText = (v: number) => `${v.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} l`;
