import {
  KM_PER_MILE,
  REPORT_MAX_DAYS,
  type ReportKindInfo,
  type ReportMetric,
  type RunReportBody,
  runReportBodySchema,
  type UnitSystem,
} from '@fleet/shared';
import { isDay } from '../../../shared/format/day.ts';
import { daysIn } from './date-range.ts';

/** What the form holds: speeds in the site's unit, idle and stop lengths in minutes. */
export interface ReportFormValues {
  what: string | null;
  metric: ReportMetric;
  src: number[];
  from: string;
  to: string;
  threshold: number | string;
  minIdleMin: number | string;
  minStopMin: number | string;
}

/** An error as a key of en.json's reporting.errors and its values. */
export type ErrorKey = 'chooseKind' | 'metric' | 'from' | 'to' | 'toBeforeFrom' | 'tooLong' | 'threshold' | 'minutes' | 'invalid';
export interface FieldError {
  key: ErrorKey;
  values?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<'what' | 'metric' | 'from' | 'to' | 'threshold' | 'minIdleMin' | 'minStopMin', FieldError>>;

/**
 * The speeding threshold a site starts with, in its unit: the site's own (fleetconfig, issue 15,
 * stored in km/h) when the session carries it, else 70 mph or 110 km/h.
 */
export function defaultThreshold(system: UnitSystem, siteKmh?: number): number {
  if (siteKmh !== undefined) return Math.round(system === 'imperial' ? siteKmh / KM_PER_MILE : siteKmh);
  return system === 'imperial' ? 70 : 110;
}

/** A speed typed in the site's unit, in whole km/h as the report reads it. */
export function thresholdKmh(value: number, system: UnitSystem): number {
  return Math.round(system === 'imperial' ? value * KM_PER_MILE : value);
}

const asNumber = (v: number | string): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = v.trim();
  return t === '' || !Number.isFinite(Number(t)) ? null : Number(t);
};

/**
 * The runreport body the form asks for, or what is wrong with it (in words for the form's fields).
 * `kind` is the chosen kind's catalogue entry: only its options are sent.
 */
export function toRunBody(
  values: ReportFormValues,
  kind: ReportKindInfo | undefined,
  system: UnitSystem,
): { body: RunReportBody; errors: null } | { body: null; errors: FormErrors } {
  const errors: FormErrors = {};
  if (!kind) errors.what = { key: 'chooseKind' };
  else if (!kind.metrics.includes(values.metric)) errors.metric = { key: 'metric' };
  if (!isDay(values.from)) errors.from = { key: 'from' };
  if (!isDay(values.to)) errors.to = { key: 'to' };
  else if (isDay(values.from) && values.to < values.from) errors.to = { key: 'toBeforeFrom' };
  else if (isDay(values.from) && daysIn(values) > REPORT_MAX_DAYS) errors.to = { key: 'tooLong', values: { days: REPORT_MAX_DAYS } };

  const record: RunReportBody['record'] = { from: values.from, to: values.to };
  const options = kind?.options ?? [];
  if (options.includes('threshold')) {
    const v = asNumber(values.threshold);
    const kmh = v === null ? null : thresholdKmh(v, system);
    if (v === null || kmh === null || kmh < 1 || kmh > 300) {
      errors.threshold = system === 'imperial' ? { key: 'threshold', values: { max: 186, unit: 'mph' } } : { key: 'threshold', values: { max: 300, unit: 'km/h' } };
    } else record.threshold = kmh;
  }
  if (options.includes('minIdleS')) {
    const v = asNumber(values.minIdleMin);
    if (v === null || v < 0 || v > 1440) errors.minIdleMin = { key: 'minutes' };
    else record.minIdleS = Math.round(v * 60);
  }
  if (options.includes('minStopS')) {
    const v = asNumber(values.minStopMin);
    if (v === null || v < 0 || v > 1440) errors.minStopMin = { key: 'minutes' };
    else record.minStopS = Math.round(v * 60);
  }
  if (Object.keys(errors).length > 0 || !kind) return { body: null, errors };
  const parsed = runReportBodySchema.safeParse({
    what: kind.what,
    metric: values.metric,
    src: values.metric === 'site' ? [] : values.src,
    record,
  });
  if (!parsed.success) return { body: null, errors: { what: { key: 'invalid' } } };
  return { body: parsed.data, errors: null };
}
