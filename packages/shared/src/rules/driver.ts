/** A driver is out of date when the last update is more than this old (spec section 9: 24 hours). */
export const DRIVER_OUT_OF_DATE_MS = 24 * 60 * 60 * 1000;

/**
 * True when the driver's last update is more than 24 hours before `nowMs` (exactly 24 h is still
 * current). No update, or one that does not parse as a date, counts as out of date.
 */
export function isDriverOutOfDate(updatedIso: string | null | undefined, nowMs: number): boolean {
  if (!updatedIso) return true;
  const updatedMs = Date.parse(updatedIso);
  if (Number.isNaN(updatedMs)) return true;
  return nowMs - updatedMs > DRIVER_OUT_OF_DATE_MS;
}
