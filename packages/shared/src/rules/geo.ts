// Distance and shape tests for POI (spec sections 3 and 9). Coordinates are WGS84 degrees.
// Shapes that cross the antimeridian (±180° longitude) are out of scope: bounding boxes and the
// polygon test treat longitude as a plain axis, which is right for every fleet we serve (UK, Europe).

/** Earth radius used for every distance (spec section 9). */
export const EARTH_RADIUS_KM = 6371;

export interface LatLon {
  lat: number;
  lon: number;
}

/** A circle POI: centre and radius in metres (spec: mode 1). */
export interface Circle extends LatLon {
  radiusMetres: number;
}

/** A polygon vertex as the spec stores it: x is longitude, y is latitude (spec: mode 2, geo.points). */
export interface XY {
  x: number;
  y: number;
}

/** An axis-aligned box in degrees. */
export interface BBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

const RAD = Math.PI / 180;

/** Great-circle distance in km between two points, by the haversine formula on a 6371 km sphere. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const sinDLat = Math.sin(((lat2 - lat1) * RAD) / 2);
  const sinDLon = Math.sin(((lon2 - lon1) * RAD) / 2);
  const a = sinDLat * sinDLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * sinDLon * sinDLon;
  // min() guards against a rounding overshoot above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** True when the point is strictly closer than radius / 1000 km to the centre (spec section 9). */
export function inCircle(point: LatLon, circle: Circle): boolean {
  return haversineKm(point.lat, point.lon, circle.lat, circle.lon) < circle.radiusMetres / 1000;
}

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** Parses a POI centre 'lat,lon' (the spec's gp); null when malformed or out of range. */
export function parseCentre(gp: string | null | undefined): LatLon | null {
  if (typeof gp !== 'string') return null;
  const parts = gp.split(',');
  if (parts.length !== 2) return null;
  const [latText = '', lonText = ''] = parts;
  if (!NUMBER.test(latText) || !NUMBER.test(lonText)) return null;
  const lat = Number(latText);
  const lon = Number(lonText);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/** Formats a centre as the spec's 'lat,lon' string. */
export function formatCentre(centre: LatLon): string {
  return `${centre.lat},${centre.lon}`;
}

/**
 * Ray casting (even-odd rule). The ring may be open or closed (last point repeating the first).
 * Fewer than three points contain nothing. A point exactly on an edge may fall either way.
 */
export function pointInPolygon(point: LatLon, points: readonly XY[]): boolean {
  const n = points.length;
  if (n < 3) return false;
  const { lat: y, lon: x } = point;
  let inside = false;
  let prev = points[n - 1] as XY;
  for (let i = 0; i < n; i++) {
    const cur = points[i] as XY;
    // The half-open test (>) counts a vertex on the ray once, and skips horizontal edges.
    if (cur.y > y !== prev.y > y && x < ((prev.x - cur.x) * (y - cur.y)) / (prev.y - cur.y) + cur.x) {
      inside = !inside;
    }
    prev = cur;
  }
  return inside;
}

/** The smallest box holding every polygon vertex; null for an empty ring. */
export function polygonBBox(points: readonly XY[]): BBox | null {
  if (points.length === 0) return null;
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const p of points) {
    if (p.y < minLat) minLat = p.y;
    if (p.y > maxLat) maxLat = p.y;
    if (p.x < minLon) minLon = p.x;
    if (p.x > maxLon) maxLon = p.x;
  }
  return { minLat, minLon, maxLat, maxLon };
}

// Relative slack so rounding in the trigonometry never leaves a matching point outside the box.
const SLACK = 1 + 1e-9;

/**
 * A box holding the whole circle. Latitude extent is the angular radius; longitude extent is the
 * exact spherical-cap width asin(sin d / cos lat), which is wider than d / cos lat. Near a pole the
 * box spans every longitude.
 */
export function circleBBox(circle: Circle): BBox {
  const d = (Math.max(0, circle.radiusMetres) / 1000 / EARTH_RADIUS_KM) * SLACK; // radians
  const dLat = d / RAD;
  const minLat = Math.max(-90, circle.lat - dLat);
  const maxLat = Math.min(90, circle.lat + dLat);
  const ratio = Math.sin(d) / Math.cos(circle.lat * RAD);
  if (minLat <= -90 || maxLat >= 90 || !(ratio < 1)) return { minLat, minLon: -180, maxLat, maxLon: 180 };
  const dLon = (Math.asin(ratio) / RAD) * SLACK;
  return { minLat, minLon: circle.lon - dLon, maxLat, maxLon: circle.lon + dLon };
}

/** True when the point lies inside the box or on its edge. */
export function bboxContains(box: BBox, point: LatLon): boolean {
  const { lat, lon } = point;
  return lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon;
}
