/**
 * Whether a position a device reported can be a real one. One rule for every protocol: the ingest
 * applies it to each row before writing (position-writer.ts). A row that fails it is still stored,
 * flagged with its reasons, so nothing a device was told we accepted is lost, but it never becomes
 * a vehicle's live state, an alert or a live update. Pure: the server's clock is passed in.
 */

/** The bounds of the rule (docs/ingest.md, "Plausible positions"). */
export const PLAUSIBLE = {
  /** Degrees. */
  maxAbsLatitude: 90,
  maxAbsLongitude: 180,
  /** A device time further ahead of the server's clock than this is not believed. */
  maxAheadMs: 5 * 60_000,
  /** Device times before this are not believed (GPS week roll-over, an unset clock): 2015-01-01T00:00:00Z. */
  earliestMs: Date.UTC(2015, 0, 1),
  /** km/h; no road vehicle goes faster. */
  maxSpeedKmh: 500,
  /** Metres above sea level: below the Dead Sea shore with margin, above any road or airfield. */
  minAltitude: -1_000,
  maxAltitude: 20_000,
} as const;

/** Why a position is not plausible; a row may have several. */
export const IMPLAUSIBLE_REASONS = [
  'latitude', 'longitude', 'no-fix', 'time-ahead', 'time-before-floor', 'speed', 'altitude',
] as const;
export type ImplausibleReason = (typeof IMPLAUSIBLE_REASONS)[number];

/** What the rule looks at. Speed in km/h, altitude in metres, times in ms since the Unix epoch. */
export interface PlausibilityInput {
  deviceTimeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  altitude: number;
}

const within = (v: number, min: number, max: number) => Number.isFinite(v) && v >= min && v <= max;

/** The reasons a position is implausible at server time `nowMs`; empty when it is plausible. */
export function implausibleReasons(p: PlausibilityInput, nowMs: number): ImplausibleReason[] {
  const out: ImplausibleReason[] = [];
  if (!within(p.lat, -PLAUSIBLE.maxAbsLatitude, PLAUSIBLE.maxAbsLatitude)) out.push('latitude');
  if (!within(p.lon, -PLAUSIBLE.maxAbsLongitude, PLAUSIBLE.maxAbsLongitude)) out.push('longitude');
  // Trackers without a fix report 0,0 ("null island"); no vehicle is there.
  if (p.lat === 0 && p.lon === 0) out.push('no-fix');
  if (!Number.isFinite(p.deviceTimeMs) || p.deviceTimeMs > nowMs + PLAUSIBLE.maxAheadMs) out.push('time-ahead');
  else if (p.deviceTimeMs < PLAUSIBLE.earliestMs) out.push('time-before-floor');
  if (!within(p.speedKmh, 0, PLAUSIBLE.maxSpeedKmh)) out.push('speed');
  if (!within(p.altitude, PLAUSIBLE.minAltitude, PLAUSIBLE.maxAltitude)) out.push('altitude');
  return out;
}

export function isPlausible(p: PlausibilityInput, nowMs: number): boolean {
  return implausibleReasons(p, nowMs).length === 0;
}
