/** Small spherical-geometry helpers (WGS84 degrees, metres). */

export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees, 0 = north, clockwise, in [0, 360). */
export function bearingDeg(a: LatLon, b: LatLon): number {
  const φ1 = a.lat * RAD;
  const φ2 = b.lat * RAD;
  const dλ = (b.lon - a.lon) * RAD;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** Smallest absolute difference between two headings, in degrees [0, 180]. */
export function headingDiff(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** A local flat projection around `origin` (good to a few cm over a city). */
export function localProjection(origin: LatLon): {
  toXY(p: LatLon): [number, number];
  toLatLon(x: number, y: number): LatLon;
} {
  const kx = EARTH_RADIUS_M * RAD * Math.cos(origin.lat * RAD);
  const ky = EARTH_RADIUS_M * RAD;
  return {
    toXY: (p) => [(p.lon - origin.lon) * kx, (p.lat - origin.lat) * ky],
    toLatLon: (x, y) => ({ lat: origin.lat + y / ky, lon: origin.lon + x / kx }),
  };
}

/** Distance in metres from p to the segment a-b (flat approximation). */
export function distanceToSegmentM(p: LatLon, a: LatLon, b: LatLon): number {
  const proj = localProjection(a);
  const [px, py] = proj.toXY(p);
  const [bx, by] = proj.toXY(b);
  const len2 = bx * bx + by * by;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / len2));
  return Math.hypot(px - t * bx, py - t * by);
}

/** Distance in metres from p to the nearest point of a polyline. */
export function distanceToPolylineM(p: LatLon, line: readonly LatLon[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < line.length; i++) {
    best = Math.min(best, distanceToSegmentM(p, line[i - 1] as LatLon, line[i] as LatLon));
  }
  return line.length === 1 ? distanceM(p, line[0] as LatLon) : best;
}

/**
 * Centripetal Catmull-Rom through the waypoints (no cusps or self-loops), sampled so that
 * consecutive output points are at most `stepM` apart. Every waypoint is kept; `tags[i]` of
 * waypoint i is reported for the output points of the section that starts at it.
 */
export function smoothPolyline<T>(
  points: readonly LatLon[],
  tags: readonly T[],
  stepM: number,
): Array<LatLon & { tag: T; waypoint: number }> {
  const first = points[0];
  if (!first) return [];
  const proj = localProjection(first);
  const xy = points.map((p) => proj.toXY(p));
  const out: Array<LatLon & { tag: T; waypoint: number }> = [];
  const at = (i: number) => xy[Math.max(0, Math.min(xy.length - 1, i))] as [number, number];
  for (let i = 0; i < xy.length - 1; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const tag = tags[i] as T;
    out.push({ ...(points[i] as LatLon), tag, waypoint: i });
    const n = Math.ceil(Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) / stepM);
    for (let k = 1; k < n; k++) {
      const [x, y] = catmullRom(p0, p1, p2, p3, k / n);
      out.push({ ...proj.toLatLon(x, y), tag, waypoint: -1 });
    }
  }
  const lastIndex = points.length - 1;
  out.push({ ...(points[lastIndex] as LatLon), tag: tags[lastIndex] as T, waypoint: lastIndex });
  return out;
}

type XY = readonly [number, number];

function catmullRom(p0: XY, p1: XY, p2: XY, p3: XY, u: number): [number, number] {
  // Centripetal parametrisation (alpha 0.5); duplicate end points fall back to a straight line.
  const knot = (a: XY, b: XY) => Math.max(Math.hypot(b[0] - a[0], b[1] - a[1]) ** 0.5, 1e-6);
  const t0 = 0;
  const t1 = t0 + knot(p0, p1);
  const t2 = t1 + knot(p1, p2);
  const t3 = t2 + knot(p2, p3);
  const t = t1 + (t2 - t1) * u;
  const lerp = (a: XY, b: XY, ta: number, tb: number): [number, number] => {
    const w = (t - ta) / (tb - ta);
    return [a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w];
  };
  const a1 = lerp(p0, p1, t0, t1);
  const a2 = lerp(p1, p2, t1, t2);
  const a3 = lerp(p2, p3, t2, t3);
  const b1 = lerp(a1, a2, t0, t2);
  const b2 = lerp(a2, a3, t1, t3);
  return lerp(b1, b2, t1, t2);
}
