/** [longitude, latitude], the order MapLibre and GeoJSON take. */
export type LonLat = [number, number];

/**
 * The one rule for whether a reported position can be drawn: both numbers finite, latitude within
 * ±90, longitude within ±180, and not (0, 0) (what trackers send when they have no fix). A device
 * can report anything (a Teltonika int32 holds ±214.7°) and MapLibre throws on some of it, so
 * nothing else in the web reads lat and lon for the map, the camera or distances.
 */
export function drawablePosition(lat: unknown, lon: unknown): LonLat | null {
  if (typeof lat !== 'number' || typeof lon !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return null;
  if (lat === 0 && lon === 0) return null;
  return [lon, lat];
}

/** A vehicle's position if it can be drawn (see drawablePosition), else null. */
export function vehiclePosition(v: { lat: unknown; lon: unknown } | null | undefined): LonLat | null {
  return v ? drawablePosition(v.lat, v.lon) : null;
}

/**
 * Whether to say a vehicle has no valid position: it reported something (a time or a coordinate)
 * that cannot be drawn. A vehicle that never reported says so on its own ('No report yet').
 */
export function lacksValidPosition(v: { lat: unknown; lon: unknown; updated: unknown }): boolean {
  if (vehiclePosition(v)) return false;
  return v.updated !== null || v.lat !== null || v.lon !== null;
}
