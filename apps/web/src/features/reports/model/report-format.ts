import { KM_PER_MILE, type ReportCell, type ReportColumnKind, type UnitSystem } from '@fleet/shared';
import { NO_VALUE, distanceUnit, formatDistance, formatSpeed, speedUnit } from '../../../shared/format/units.ts';

/**
 * A report's cells as the page shows them. Values arrive as the report schema keeps them (distances
 * in metres, speeds in km/h, durations in seconds, times ISO 8601 UTC, days YYYY-MM-DD) and are shown
 * in the site's units and time zone, as the PDF and XLSX show them.
 */
export interface CellContext {
  system: UnitSystem;
  timeZone: string;
}

const numbers = new Map<number, Intl.NumberFormat>();
function number(value: number, fractionDigits: number): string {
  let f = numbers.get(fractionDigits);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', { maximumFractionDigits: fractionDigits });
    numbers.set(fractionDigits, f);
  }
  return f.format(value === 0 ? 0 : value);
}

const times = new Map<string, Intl.DateTimeFormat>();
function dateTime(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let f = times.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    times.set(timeZone, f);
  }
  return f.format(d);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
function day(value: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : null;
  return d && !Number.isNaN(d.getTime()) ? dayFormat.format(d) : value;
}

/** Seconds as '2 h 05 min', '12 min', '40 s' (whole seconds; below zero is no value). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (h > 0) return `${number(h, 0)} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min`;
  return `${total} s`;
}

/** One cell as text: NO_VALUE for null, and for a number where a number is due but none came. */
export function formatCell(kind: ReportColumnKind, value: ReportCell, ctx: CellContext): string {
  if (value === null || value === '') return NO_VALUE;
  if (typeof value === 'string') {
    if (kind === 'datetime') return dateTime(value, ctx.timeZone);
    if (kind === 'date') return day(value);
    return value;
  }
  switch (kind) {
    case 'distance':
      return formatDistance(value / 1000, ctx.system);
    case 'speed':
      return formatSpeed(value / KM_PER_MILE, ctx.system);
    case 'duration':
      return formatDuration(value);
    case 'percent':
      return `${number(value, 1)} %`;
    case 'datetime':
      return dateTime(new Date(value).toISOString(), ctx.timeZone);
    default:
      return number(value, 2);
  }
}

/** A number as the chart plots it, in the unit chartUnit names (distance in mi or km, durations in hours). */
export function chartValue(kind: ReportColumnKind, value: ReportCell, system: UnitSystem): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  switch (kind) {
    case 'distance':
      return system === 'imperial' ? value / 1000 / KM_PER_MILE : value / 1000;
    case 'speed':
      return system === 'imperial' ? value / KM_PER_MILE : value;
    case 'duration':
      return value / 3600;
    default:
      return value;
  }
}

/** The unit of a chart's axis for a column of this kind ('' for plain counts). */
export function chartUnit(kind: ReportColumnKind, system: UnitSystem): string {
  if (kind === 'distance') return distanceUnit(system);
  if (kind === 'speed') return speedUnit(system);
  if (kind === 'duration') return 'h';
  if (kind === 'percent') return '%';
  return '';
}

/** Whether a column's values line up to the right (numbers of every kind). */
export function isNumeric(kind: ReportColumnKind): boolean {
  return kind !== 'text' && kind !== 'date' && kind !== 'datetime';
}
