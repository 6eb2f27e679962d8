import type { UnitSystem } from '@fleet/shared';
import { GeofenceIndex } from '../geofence/index.ts';
import { placeText } from './gazetteer.ts';

interface PlaceRow { name: string; mode: number; lat: number | null; lon: number | null; radius: number | null; points: unknown }

/** Roughly how much ground a place covers (m²): the smaller of two overlapping places names a spot. */
export function placeArea(p: PlaceRow): number {
  if (p.mode === 1) return p.radius != null && p.radius > 0 ? Math.PI * p.radius * p.radius : Number.POSITIVE_INFINITY;
  if (!Array.isArray(p.points) || p.points.length < 3) return Number.POSITIVE_INFINITY;
  const pts = p.points as { x: number; y: number }[];
  // Shoelace on a local flat projection (metres per degree at the polygon's mean latitude).
  const lat0 = (pts.reduce((a, q) => a + q.y, 0) / pts.length) * (Math.PI / 180);
  const mx = 111_320 * Math.cos(lat0);
  const my = 110_540;
  let twice = 0;
  pts.forEach((a, i) => {
    const b = pts[(i + 1) % pts.length] as { x: number; y: number };
    twice += a.x * mx * (b.y * my) - b.x * mx * (a.y * my);
  });
  return Math.abs(twice) / 2;
}

/**
 * The name of the smallest of `places` that contains a position (the first given, among equals),
 * or undefined: inside a yard within a depot, a vehicle is 'At' the yard. The places go into the
 * geofence engine's R-tree once, so each lookup costs O(log n + hits): a 10,000-vehicle answer on a
 * site with 10,000 places stays quick.
 */
export function poiFinder(places: readonly PlaceRow[]): (lat: number, lon: number) => string | undefined {
  const ordered = places
    .map((p, i) => ({ p, i, area: placeArea(p) }))
    .sort((a, b) => a.area - b.area || a.i - b.i)
    .map((x) => x.p);
  const index = new GeofenceIndex(
    ordered.map((p, i) => ({
      id: i, siteId: 0, mode: p.mode, lat: p.lat, lon: p.lon, radius: p.radius,
      points: Array.isArray(p.points) ? (p.points as { x: number; y: number }[]) : null,
    })),
  );
  return (lat, lon) => {
    const first = index.match(0, lat, lon)[0];
    return first === undefined ? undefined : ordered[first]?.name;
  };
}

/** Finders already built, by the list they were built from (a site's cached places: poi.repository.ts) and unit system. */
const built = new WeakMap<readonly PlaceRow[], Partial<Record<UnitSystem, (lat: number, lon: number) => string>>>();

/**
 * Location text for positions on one site: 'At {POI}' inside one of its POI, else the nearest town
 * with its distance in the site's unit system. The same list (not changed since) gets the same
 * finder back, so its R-tree is built once.
 */
export function placeFinder(places: readonly PlaceRow[], system: UnitSystem): (lat: number, lon: number) => string {
  const finders = built.get(places) ?? {};
  const known = finders[system];
  if (known) return known;
  const poiAt = poiFinder(places);
  const where = (lat: number, lon: number) => {
    const poi = poiAt(lat, lon);
    return poi ? `At ${poi}` : placeText(lat, lon, system);
  };
  finders[system] = where;
  built.set(places, finders);
  return where;
}
