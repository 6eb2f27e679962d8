import type { TimesheetAuditEntry, TimesheetSheet, TimesheetShift } from '@fleet/shared';
import { brandedPdf, type Letterhead, type PdfColumn } from '../../lib/pdf/branded-pdf.ts';

/** A signature on the sheet: the PNG drawn on the screen (null: signed without an image), the name as printed, when (ISO). */
export interface SignoffSignature {
  name: string;
  signedAt: string;
  png: Buffer | null;
}

export interface SignoffPdfInput {
  sheet: TimesheetSheet;
  letterhead: Letterhead;
  operator: SignoffSignature;
  /** The driver's own signature on the cab device, where driver mode signed this version. */
  driver: SignoffSignature | null;
  /** The version signed off (the sheet's, unless told). */
  version?: number;
}

/** 'H:MM' of whole seconds (payroll's hours and minutes; a week's total may pass 99 hours). */
export function hoursMinutes(seconds: number): string {
  const m = Math.round(Math.max(0, seconds) / 60);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, kind: 'time' | 'day' | 'stamp'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = kind === 'time'
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : kind === 'day' ? { weekday: 'short', day: 'numeric', month: 'short' }
        : { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    f = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone });
    formats.set(key, f);
  }
  return f;
}

/** 'HH:mm' of an instant in the zone. */
const clock = (iso: string, tz: string) => format(tz, 'time').format(new Date(iso));
/** '24 Nov 2026, 14:05' of an instant in the zone. */
export const stamp = (iso: string, tz: string) => format(tz, 'stamp').format(new Date(iso));
/** 'Mon 16 Nov' of a calendar day (noon UTC keeps it the same date in every zone). */
const dayName = (day: string) => format('UTC', 'day').format(new Date(`${day}T12:00:00Z`));
/** The local date of an instant in the zone, 'YYYY-MM-DD'. */
const localDate = (iso: string, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(iso));

/** An end time, with '(+1)' when the shift ends on a later local day than the one it counts for. */
function endClock(iso: string, day: string, tz: string): string {
  const ends = localDate(iso, tz);
  if (ends === day) return clock(iso, tz);
  const days = Math.round((Date.parse(`${ends}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
  return `${clock(iso, tz)} (+${days})`;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value of the audit trail as a clerk reads it: times in the site's zone, break seconds as H:MM. */
export function auditValue(value: unknown, field: string | null, tz: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return ISO_TIME.test(value) ? stamp(value, tz) : value;
  if (typeof value === 'number') return field !== null && /break|seconds|_s$|S$/.test(field) ? hoursMinutes(value) : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

const ACTIONS: Record<string, string> = {
  updateshift: 'Changed', updateshiftnotes: 'Notes', addtimesheetshift: 'Added shift', removetimesheetrecord: 'Removed shift',
  createdufftimesheet: 'Created (no data)', signoff: 'Signed off', driversignoff: 'Driver signed', reopen: 'Reopened',
};
const actionText = (e: TimesheetAuditEntry) => `${ACTIONS[e.action] ?? e.action}${e.field ? ` (${e.field})` : ''}`;

const DAY_COLUMNS: PdfColumn[] = [
  { label: 'Day', width: 11 }, { label: 'Shifts', width: 6, align: 'right' }, { label: 'Start', width: 8, align: 'right' },
  { label: 'End', width: 10, align: 'right' }, { label: 'Breaks', width: 8, align: 'right' }, { label: 'Driving', width: 8, align: 'right' },
  { label: 'Idling', width: 8, align: 'right' }, { label: 'Other', width: 8, align: 'right' }, { label: 'Night', width: 8, align: 'right' },
  { label: 'Overtime', width: 9, align: 'right' }, { label: 'Worked', width: 8, align: 'right' },
];

/** A row per local day with shifts: the first start, the last end and the day's counts. */
function dayRows(sheet: TimesheetSheet): string[][] {
  const tz = sheet.site.timezone;
  const rows: string[][] = [];
  for (const d of sheet.week.days) {
    const shifts: TimesheetShift[] = sheet.week.shifts.filter((s) => s.day === d.day);
    if (shifts.length === 0) continue;
    const first = shifts[0];
    const last = shifts.reduce<TimesheetShift | undefined>((a, s) => (!a || s.end > a.end ? s : a), undefined);
    rows.push([
      dayName(d.day), String(d.shifts), first ? clock(first.start, tz) : '', last ? endClock(last.end, d.day, tz) : '',
      hoursMinutes(d.breakS), hoursMinutes(d.drivingS), hoursMinutes(d.idleS), hoursMinutes(d.otherS), hoursMinutes(d.nightS),
      hoursMinutes(d.overtimeS), hoursMinutes(d.workedS),
    ]);
  }
  return rows;
}

/**
 * The signed-off timesheet (issue 14): the brand's letterhead, the driver, site, week and zone, the
 * version, a row per day worked with the week's totals, the office's shift records with their notes,
 * every correction (who, when, before → after), then the driver's and the operator's signatures.
 * Pure: everything it prints comes in; the same input makes the same pages.
 */
export async function timesheetSignoffPdf(input: SignoffPdfInput): Promise<Buffer> {
  const { sheet, letterhead, operator, driver } = input;
  const tz = sheet.site.timezone;
  const version = input.version ?? sheet.version;
  const pdf = brandedPdf(letterhead, {
    title: `Timesheet — ${sheet.driver.name}`,
    lines: [`Week commencing ${dayName(sheet.wc)} ${sheet.wc.slice(0, 4)} · ${sheet.site.name} · times in ${tz}`, `Version ${version}`],
    madeBy: `Signed off ${stamp(operator.signedAt, tz)} by ${operator.name}`,
  });
  pdf.keyValues([
    ['Driver', sheet.driver.name], ['Site', sheet.site.name], ['Week commencing', `${dayName(sheet.wc)} ${sheet.wc.slice(0, 4)} (${sheet.wc})`],
    ['Time zone', tz], ['Shift pattern', sheet.pattern.name], ['Version', String(version)],
    ...(sheet.dummy ? [['Note', 'Made by the office for a week with no driving data'] as [string, string]] : []),
  ]);

  pdf.heading('Days');
  const rows = dayRows(sheet);
  const t = sheet.week.totals;
  if (rows.length === 0) pdf.paragraph('No shifts this week.');
  pdf.table(DAY_COLUMNS, rows, {
    totals: ['Week', String(t.shifts), '', '', hoursMinutes(t.breakS), hoursMinutes(t.drivingS), hoursMinutes(t.idleS),
      hoursMinutes(t.otherS), hoursMinutes(t.nightS), hoursMinutes(t.overtimeS), hoursMinutes(t.workedS)],
  });
  pdf.keyValues([
    ['Planned', hoursMinutes(t.plannedS)], ['Worked (paid)', hoursMinutes(t.workedS)],
    ['Overtime', `${hoursMinutes(t.overtimeS)} (daily ${hoursMinutes(t.dailyOvertimeS)}, weekly ${hoursMinutes(t.weeklyOvertimeS)})`],
  ]);

  const records = sheet.shifts;
  if (records.length > 0) {
    pdf.heading('Shift records');
    pdf.table(
      [{ label: 'Day', width: 11 }, { label: 'Start', width: 8 }, { label: 'End', width: 10 }, { label: 'Office break', width: 10 },
        { label: 'From', width: 14 }, { label: 'Vehicles', width: 16 }, { label: 'Notes', width: 31 }],
      records.map((r) => [
        dayName(r.day), clock(r.start, tz), endClock(r.end, r.day, tz), r.breakS === null ? '—' : hoursMinutes(r.breakS),
        `${r.source === 'data' ? 'data' : 'office'}${r.corrected ? ', corrected' : ''}${r.removed ? ', removed' : ''}`,
        r.vehicles.map((v) => v.registration).join(', '), r.notes,
      ]),
    );
  }

  pdf.heading('Corrections');
  if (sheet.audit.length === 0) pdf.paragraph('No corrections: the week is as the driving data shows it.');
  else {
    pdf.table(
      [{ label: 'When', width: 16 }, { label: 'Who', width: 16 }, { label: 'What', width: 20 }, { label: 'Before', width: 24 }, { label: 'After', width: 24 }],
      sheet.audit.map((e) => [stamp(e.at, tz), e.userName, actionText(e), auditValue(e.before, e.field, tz), auditValue(e.after, e.field, tz)]),
    );
  }

  pdf.heading('Signatures');
  if (driver) pdf.signature('Driver', driver.name, stamp(driver.signedAt, tz), driver.png);
  pdf.signature('Signed off for the company by', operator.name, stamp(operator.signedAt, tz), operator.png);
  return pdf.end();
}
