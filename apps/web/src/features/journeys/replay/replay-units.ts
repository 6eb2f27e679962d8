import { KM_PER_MILE, type UnitSystem } from '@fleet/shared';

/** The track's km/h as mph, the unit the shared speed formatters take. */
export const kmhToMph = (kmh: number): number => kmh / KM_PER_MILE;

/** km/h in the site's unit, as a number (the chart's values). */
export const kmhIn = (system: UnitSystem) => (kmh: number): number => (system === 'imperial' ? kmh / KM_PER_MILE : kmh);
