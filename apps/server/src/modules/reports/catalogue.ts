import type { ReportKind, ReportKindInfo } from '@fleet/shared';

const PER_VEHICLE = ['vehicle', 'group', 'driver', 'site'] as const;

/** Defaults of the options (record) a kind reads when the request leaves them out. */
export const DEFAULT_THRESHOLD_KMH = 113; // 70 mph, the UK's motorway limit
export const DEFAULT_MIN_IDLE_S = 60;
export const DEFAULT_MIN_STOP_S = 300;

/**
 * The report kinds, the question each answers and what it is run per (docs/decisions.md, issue 14:
 * report kinds). The order is the catalogue's (getreports, jsonconfig).
 */
export const CATALOGUE: Record<ReportKind, ReportKindInfo> = {
  trips: { what: 'trips', name: 'Trips', description: 'Every trip with where it started and ended, its distance, driving and idling; distance per vehicle.', metrics: [...PER_VEHICLE], options: [], tracksec: false },
  stops: { what: 'stops', name: 'Stops', description: 'Where and for how long vehicles stood still (stops at least as long as the shortest stop asked for).', metrics: [...PER_VEHICLE], options: ['minStopS'], tracksec: false },
  idling: { what: 'idling', name: 'Idling', description: 'Engine running while standing, in trips and at stops, at least as long as the shortest idle asked for.', metrics: [...PER_VEHICLE], options: ['minIdleS'], tracksec: false },
  speeding: { what: 'speeding', name: 'Speeding', description: 'Trips whose top speed went over the threshold, and by how much.', metrics: [...PER_VEHICLE], options: ['threshold'], tracksec: false },
  geofences: { what: 'geofences', name: 'Geofence visits', description: 'Visits to places with a geofence: when each vehicle entered and left, and how long it stayed.', metrics: [...PER_VEHICLE], options: [], tracksec: false },
  utilisation: { what: 'utilisation', name: 'Utilisation', description: "Engine-on time against the site's working hours, days used, distance: per vehicle, per group or per driver.", metrics: [...PER_VEHICLE], options: [], tracksec: false },
  mileage: { what: 'mileage', name: 'Mileage per day', description: 'Distance driven each day of the range (trips over midnight split by time).', metrics: [...PER_VEHICLE], options: [], tracksec: false },
  alerts: { what: 'alerts', name: 'Alerts', description: 'Every alert raised: panic, geofence, run over, device alarms, with when it was cleared.', metrics: [...PER_VEHICLE], options: [], tracksec: false },
  checklists: { what: 'checklists', name: 'Check lists', description: 'Vehicle check lists completed, by whom, with the faults each found.', metrics: [...PER_VEHICLE], options: [], tracksec: false },
  faults: { what: 'faults', name: 'Faults', description: 'Faults reported on check lists, when they were dealt with and how long they stayed open.', metrics: [...PER_VEHICLE], options: [], tracksec: false },
  timesheets: { what: 'timesheets', name: 'Timesheet summary', description: "Each driver's weeks: shifts, hours worked, driving, overtime, night time, corrections and sign-off.", metrics: ['driver', 'site'], options: [], tracksec: true },
};

/** The catalogue a caller may run (timesheets only with tracksec). */
export function catalogueFor(tracksec: boolean): ReportKindInfo[] {
  return Object.values(CATALOGUE).filter((k) => tracksec || !k.tracksec);
}
