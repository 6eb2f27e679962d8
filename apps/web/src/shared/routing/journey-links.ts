import { TABS_PREFIX } from '@fleet/shared';
import { dayIn } from '../format/day.ts';

/**
 * Links into a vehicle's history (issue 12): the day's activity timeline and the replay on the map.
 * Kept in shared/ like debugPath: the fleet page and the alerts jump into the journeys feature, and
 * the journeys feature reads the fleet's vehicles, so a link through its door would make the two
 * doors import each other.
 */

/** activity?v=&d= (a vehicle) or activity?driver=&d= (a driver): a day's timeline. */
export function activityPath(subject: { unitid: number } | { driverid: number }, day?: string): string {
  const q = new URLSearchParams();
  if ('unitid' in subject) q.set('v', String(subject.unitid));
  else q.set('driver', String(subject.driverid));
  if (day) q.set('d', day);
  return `${TABS_PREFIX}/activity?${q.toString()}`;
}

/** activitymap?v=&d=[&t=]: the replay of a vehicle's day, opening at moment t (epoch ms) when given. */
export function replayPath(unitid: number, day: string, t?: number): string {
  const q = new URLSearchParams({ v: String(unitid), d: day });
  if (t !== undefined && Number.isFinite(t)) q.set('t', String(Math.round(t)));
  return `${TABS_PREFIX}/activitymap?${q.toString()}`;
}

/**
 * The replay at a moment (an alert's time): the day it fell on in the site's zone and the moment
 * itself; null for an unreadable time.
 */
export function replayAt(unitid: number, time: string | number | Date, timeZone: string): string | null {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) return null;
  return replayPath(unitid, dayIn(ms, timeZone), ms);
}
