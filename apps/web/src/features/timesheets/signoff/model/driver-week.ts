import type { TimesheetSheet } from '@fleet/shared';

export interface DriverDayLine {
  day: string;
  start: string;
  end: string;
  workedS: number;
  shifts: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
/** 'HH:mm' of an instant in a zone. */
export function clockIn(iso: string, timeZone: string): string {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    clocks.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** The days the driver worked, as the cab shows them: first start, last end (site time), time paid. */
export function driverDays(sheet: TimesheetSheet): DriverDayLine[] {
  const tz = sheet.site.timezone;
  return sheet.week.days.filter((d) => d.shifts > 0).map((d) => {
    const shifts = sheet.week.shifts.filter((s) => s.day === d.day);
    const start = shifts.reduce((a, s) => (a === '' || s.start < a ? s.start : a), '');
    const end = shifts.reduce((a, s) => (s.end > a ? s.end : a), '');
    return { day: d.day, start: start ? clockIn(start, tz) : '', end: end ? clockIn(end, tz) : '', workedS: d.workedS, shifts: d.shifts };
  });
}

/** What the driver can do with the week: sign it, or it is signed (by them, or off by the office). */
export function driverWeekState(sheet: TimesheetSheet): 'signedOff' | 'signed' | 'toSign' {
  if (sheet.lockedAt !== null) return 'signedOff';
  return sheet.driverSignedAt !== null ? 'signed' : 'toSign';
}
