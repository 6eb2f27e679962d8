import { KM_PER_MILE, type ReportCell, type ReportColumn, type ReportResult, wallSeconds } from '@fleet/shared';

/**
 * How a result's values read in a file: distances in miles or kilometres, speeds in mph or km/h
 * (the site's unit system), times on the site's wall clock, durations as hours and minutes.
 * The result keeps metres, km/h, seconds and UTC; only the files (and the page) convert.
 */
export interface Formatter {
  /** The column's header with its unit ("Distance (mi)"). */
  header(c: ReportColumn): string;
  /** The value as a number in the shown unit (distance, speed), for spreadsheets; null when not a number. */
  number(c: ReportColumn, v: ReportCell): number | null;
  /** The value as text (CSV, PDF). */
  text(c: ReportColumn, v: ReportCell): string;
  /** A datetime's wall clock in the site's zone as a Date whose UTC fields read it (spreadsheets store no zone). */
  wall(iso: string): Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '12:05' (hours may pass 24: a month's driving is '312:40'). */
export function hoursMinutes(s: number): string {
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)}:${pad(m % 60)}`;
}

export function formatterOf(result: Pick<ReportResult, 'unitSystem' | 'timezone'>): Formatter {
  const imperial = result.unitSystem === 'imperial';
  const zone = result.timezone;
  // The zone's offset per hour of UTC: Intl is slow (µs a call) and a report has many times.
  const offsets = new Map<number, number>();
  const wallMs = (ms: number): number => {
    const hour = Math.floor(ms / 3_600_000);
    let off = offsets.get(hour);
    if (off === undefined) {
      const t = hour * 3600;
      off = wallSeconds(t, zone) - t;
      offsets.set(hour, off);
    }
    return ms + off * 1000;
  };
  const unit = (c: ReportColumn): string => {
    switch (c.kind) {
      case 'distance': return imperial ? 'mi' : 'km';
      case 'speed': return imperial ? 'mph' : 'km/h';
      case 'duration': return 'h:mm';
      default: return '';
    }
  };
  const number = (c: ReportColumn, v: ReportCell): number | null => {
    if (typeof v !== 'number') return null;
    if (c.kind === 'distance') return Math.round((v / 1000 / (imperial ? KM_PER_MILE : 1)) * 10) / 10;
    if (c.kind === 'speed') return Math.round(imperial ? v / KM_PER_MILE : v);
    return v;
  };
  return {
    header: (c) => (unit(c) ? `${c.label} (${unit(c)})` : c.label),
    number,
    wall: (iso) => new Date(wallMs(Date.parse(iso))),
    text(c, v) {
      if (v === null || v === '') return '';
      switch (c.kind) {
        case 'distance': return (number(c, v) ?? 0).toFixed(1);
        case 'speed': return String(number(c, v) ?? '');
        case 'duration': return typeof v === 'number' ? hoursMinutes(v) : String(v);
        case 'percent': return typeof v === 'number' ? `${v.toFixed(1)}%` : String(v);
        case 'datetime': {
          if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) return String(v);
          return new Date(wallMs(Date.parse(v))).toISOString().slice(0, 16).replace('T', ' ');
        }
        default: return String(v);
      }
    },
  };
}

/** A file name for a result: "trips-report-2026-11-01-to-2026-11-30.pdf". */
export function fileName(result: Pick<ReportResult, 'title' | 'period'>, format: string): string {
  const slug = result.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report';
  const range = result.period.from === result.period.to ? result.period.from : `${result.period.from}-to-${result.period.to}`;
  return `${slug}-${range}.${format}`;
}
