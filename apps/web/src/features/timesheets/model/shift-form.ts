import type { TFunction } from 'i18next';
import { fromLocalInput, readBreakMinutes } from './week.ts';

export interface ShiftFormCheck {
  startIso: string | null;
  endIso: string | null;
  /** Whole minutes, null when not a number of minutes the server takes. */
  breakValue: number | null;
  errors: { start: string | null; end: string | null; break: string | null };
  valid: boolean;
}

/**
 * The office's shift form (add or correct) read and checked: start and end as typed in the site's
 * clock ('YYYY-MM-DDTHH:mm'), the end after the start, and the break in minutes.
 */
export function checkShiftForm(start: string, end: string, breakMin: string, timeZone: string, t: TFunction): ShiftFormCheck {
  const startIso = fromLocalInput(start, timeZone);
  const endIso = fromLocalInput(end, timeZone);
  const breakValue = readBreakMinutes(breakMin);
  const errors = {
    start: startIso ? null : t('timesheets.edit.badTime'),
    end: !endIso ? t('timesheets.edit.badTime') : startIso && endIso <= startIso ? t('timesheets.edit.endBeforeStart') : null,
    break: breakValue === null ? t('timesheets.edit.badBreak') : null,
  };
  return { startIso, endIso, breakValue, errors, valid: !errors.start && !errors.end && !errors.break };
}
