import type { TimesheetListEntry, TimesheetSignoffEntry } from '@fleet/shared';

/** Where a driver's week stands: not opened yet, open to corrections, signed by the driver, or signed off (a version). */
export type SheetState =
  | { kind: 'none' }
  | { kind: 'open'; version: number }
  | { kind: 'driverSigned'; version: number; at: string }
  | { kind: 'signedOff'; version: number; signoff: TimesheetSignoffEntry | null };

/** The state of a line of the week's list, with the sign-off of its locked version where there is one. */
export function sheetState(entry: TimesheetListEntry, signoffs: readonly TimesheetSignoffEntry[]): SheetState {
  if (entry.id === null) return { kind: 'none' };
  if (entry.lockedAt !== null) {
    const signoff = signoffs.find((s) => s.timesheetId === entry.id && s.version === entry.version) ?? null;
    return { kind: 'signedOff', version: entry.version, signoff };
  }
  if (entry.driverSignedAt !== null) return { kind: 'driverSigned', version: entry.version, at: entry.driverSignedAt };
  return { kind: 'open', version: entry.version };
}

/** Every stored sign-off of a sheet, newest version first (a reopened week keeps its earlier PDFs). */
export function signoffsOf(timesheetId: number | null, signoffs: readonly TimesheetSignoffEntry[]): TimesheetSignoffEntry[] {
  if (timesheetId === null) return [];
  return signoffs.filter((s) => s.timesheetId === timesheetId).sort((a, b) => b.version - a.version);
}

/** Whether a line can be picked for sign-off: a sheet that exists (or can be made) and is not locked. */
export const canSignOff = (state: SheetState) => state.kind !== 'signedOff';

/** The Monday before or after a week commencing ('YYYY-MM-DD'). */
export function otherWeek(wc: string, weeks: number): string {
  return new Date(Date.parse(`${wc}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** Whether 'Next week' leads anywhere: weeks after the site's current one have nothing to sign off yet. */
export function hasNextWeek(wc: string, current: string): boolean {
  return wc < current;
}
