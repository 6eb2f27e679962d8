/** The live part of a vehicle as the spec's client reads it, from a unit_state row. */
export interface StateLike {
  lat: number;
  lon: number;
  speed: number;
  angle: number;
  ignition: boolean | null;
  deviceTime: Date;
  panic: boolean;
  pto1: boolean;
  pto2: boolean;
  /** An open panic or geofence alert. */
  alarm?: boolean;
}

const KMH_TO_MPH = 0.621371;

/**
 * The alarm flag is an open panic or geofence alert (the spec: a vehicle with a panic alert is
 * flagged as alarm; clearing a geofence alert sets it false). Speeds go out in mph (devices report km/h). A device without an ignition input (a phone running
 * the Traccar Client app) counts as "on" while it moves, so it reads as driving, not stopped.
 */
export function vehicleLive(s: StateLike) {
  return {
    lat: s.lat,
    lon: s.lon,
    speed: Math.round(s.speed * KMH_TO_MPH),
    ign: (s.ignition ?? s.speed > 0) ? 1 : 0,
    direction: s.angle,
    updated: s.deviceTime.toISOString(),
    vehiclealarm: s.alarm ?? s.panic,
    ptotrigger1: s.pto1 ? 1 : 0,
    ptotrigger2: s.pto2 ? 1 : 0,
  };
}
