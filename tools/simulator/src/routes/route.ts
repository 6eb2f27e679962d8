import { bearingDeg, distanceM, headingDiff, type LatLon, smoothPolyline } from './geo.ts';

/**
 * One waypoint: latitude, longitude, the speed limit in mph for the road from here on (inherited
 * from the previous waypoint when left out) and, optionally, the name of a work stop here.
 */
export type Waypoint = readonly [lat: number, lon: number, mph?: number, stop?: string];

export interface RouteDef {
  id: string;
  name: string;
  /** Demo site name (seed data/poi.ts); the route starts and ends at its depot. */
  site: string;
  /** From the depot out; the depot itself is added at both ends. */
  waypoints: readonly Waypoint[];
  /** 'loop' (default): the last waypoint leads back to the depot; 'reverse': come back the same way. */
  returnBy?: 'loop' | 'reverse';
}

export interface RoutePoint extends LatLon {
  /** Distance from the start along the path, metres. */
  d: number;
  /** Posted limit of the road here, km/h. */
  limitKmh: number;
  /** Speed at which the bend here can be taken comfortably, km/h. */
  bendKmh: number;
}

export interface RouteStop {
  name: string;
  d: number;
}

export interface RoutePath {
  id: string;
  name: string;
  site: string;
  points: readonly RoutePoint[];
  length: number;
  stops: readonly RouteStop[];
}

export interface PathPosition extends LatLon {
  /** Direction of travel, degrees from north. */
  heading: number;
  limitKmh: number;
  bendKmh: number;
}

const MPH = 1.609344;
/** Output spacing of the smoothed path (the brief asks for points every ~100-300 m). */
const STEP_M = 120;
/** Comfortable lateral acceleration in bends, m/s². */
const LATERAL_ACCEL = 1.6;

/** Turns a route definition into a dense, smooth path that starts and ends at the depot. */
export function buildRoute(def: RouteDef, depot: LatLon): RoutePath {
  const out = def.waypoints;
  const back =
    def.returnBy === 'reverse'
      ? [...out]
          .reverse()
          .slice(1)
          .map(([lat, lon]) => [lat, lon] as const)
      : [];
  const all: Waypoint[] = [[depot.lat, depot.lon, 20], ...out, ...back, [depot.lat, depot.lon, 20]];
  // limits[k] is for the section starting at all[k]; out[j] is all[j + 1]. A reversed section
  // takes the limit of its outbound twin.
  const limits: number[] = [];
  let mph = 30;
  for (const w of [all[0] as Waypoint, ...out]) {
    mph = w[2] ?? mph;
    limits.push(mph);
  }
  for (let i = 0; i < back.length; i++) limits.push(limits[out.length - 2 - i] ?? mph);
  limits.push(20);
  const sampled = smoothPolyline(
    all.map(([lat, lon]) => ({ lat, lon })),
    all.map((_, i) => (limits[i] ?? 30) * MPH),
    STEP_M,
  );
  const points: RoutePoint[] = [];
  const stops: RouteStop[] = [];
  let d = 0;
  sampled.forEach((p, i) => {
    const prev = sampled[i - 1];
    if (prev) d += distanceM(prev, p);
    points.push({ lat: p.lat, lon: p.lon, d, limitKmh: Math.round(p.tag), bendKmh: 0 });
    const stopName = p.waypoint >= 1 && p.waypoint <= out.length ? all[p.waypoint]?.[3] : undefined;
    if (stopName) stops.push({ name: stopName, d });
  });
  points.forEach((p, i) => {
    p.bendKmh = bendSpeedKmh(points[i - 1], p, points[i + 1]);
  });
  return { id: def.id, name: def.name, site: def.site, points, length: d, stops };
}

/** Curvature speed at `p` from the turn between its neighbours: v = sqrt(a·r), r = len / angle. */
function bendSpeedKmh(prev: RoutePoint | undefined, p: RoutePoint, next: RoutePoint | undefined): number {
  if (!prev || !next) return 200;
  const turn = headingDiff(bearingDeg(prev, p), bearingDeg(p, next)) * (Math.PI / 180);
  if (turn < 1e-3) return 200;
  const arc = (next.d - prev.d) / 2;
  const radius = arc / turn;
  return Math.max(12, Math.min(200, Math.sqrt(LATERAL_ACCEL * radius) * 3.6));
}

/** Index of the last point at or before distance d (binary search). */
export function segmentIndex(path: RoutePath, d: number): number {
  const pts = path.points;
  let lo = 0;
  let hi = pts.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((pts[mid] as RoutePoint).d <= d) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Position, heading and limits at distance d along the path (clamped to the ends). */
export function positionAt(path: RoutePath, d: number): PathPosition {
  const clamped = Math.max(0, Math.min(path.length, d));
  const pts = path.points;
  let i = segmentIndex(path, clamped);
  // Zero-length segments (repeated points) have no direction: look at the next real one.
  while (i < pts.length - 2 && (pts[i + 1] as RoutePoint).d - (pts[i] as RoutePoint).d < 0.01) i++;
  const a = pts[i] as RoutePoint;
  const b = (pts[i + 1] ?? a) as RoutePoint;
  const span = b.d - a.d;
  const w = span > 0 ? Math.max(0, Math.min(1, (clamped - a.d) / span)) : 0;
  return {
    lat: a.lat + (b.lat - a.lat) * w,
    lon: a.lon + (b.lon - a.lon) * w,
    heading: span > 0 ? bearingDeg(a, b) : 0,
    limitKmh: a.limitKmh,
    bendKmh: Math.min(a.bendKmh, b.bendKmh),
  };
}

/**
 * Highest speed (km/h) at distance d that still allows slowing for every bend within `lookM`
 * ahead at `decel` m/s²: min over points ahead of sqrt(v_bend² + 2·decel·dist).
 */
export function aheadLimitKmh(path: RoutePath, d: number, decel: number, lookM = 400): number {
  const pts = path.points;
  let best = positionAt(path, d).limitKmh;
  for (let i = segmentIndex(path, d) + 1; i < pts.length; i++) {
    const p = pts[i] as RoutePoint;
    const dist = p.d - d;
    if (dist > lookM) break;
    const vBend = Math.min(p.bendKmh, p.limitKmh) / 3.6;
    best = Math.min(best, Math.sqrt(vBend * vBend + 2 * decel * Math.max(0, dist)) * 3.6);
  }
  return best;
}
