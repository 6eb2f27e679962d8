import type { TimesheetTrip } from './timesheet.schema.ts';

/**
 * Trips written the way the trips processor stores them (issue 12): whole seconds, driving and
 * idling adding up to the trip's time exactly. Test helper only.
 */
export function drive(id: number, unitid: number, registration: string, start: string, end: string, drivingS: number): TimesheetTrip {
  const spanS = (Date.parse(end) - Date.parse(start)) / 1000;
  if (drivingS > spanS) throw new Error(`test trip ${id}: ${drivingS} s of driving in a ${spanS} s trip`);
  return { id, unitid, registration, start, end, drivingS, idleS: spanS - drivingS };
}

export const FW21 = { unitid: 101, registration: 'FW21 KXA' };
export const FW70 = { unitid: 102, registration: 'FW70 BDE' };
