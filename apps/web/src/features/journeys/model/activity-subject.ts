import type { JourneySubject } from '../api/journey-keys.ts';

/** Whose day the activity page shows: a vehicle (unit id) or a driver (driver id). */
export type ActivitySubject = { kind: 'vehicle'; id: number } | { kind: 'driver'; id: number };

/** The subject as the journeys calls and their cache keys name it ({ v } or { driver }). */
export function journeySubject(subject: ActivitySubject): JourneySubject {
  return subject.kind === 'vehicle' ? { v: subject.id } : { driver: subject.id };
}
