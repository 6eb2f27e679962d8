import { type LatLon, type Poi, parseCentre, pointInPolygon, polygonBBox, type XY } from '@fleet/shared';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';

export type { Poi };
/** A ring of [lon, lat] positions, closed (last equals first) as GeoJSON wants. */
export type Ring = [number, number][];

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;
const CIRCLE_STEPS = 64;

/** The point `metres` away from `centre` on the initial bearing `bearingDeg` (great circle). */
export function destination(centre: LatLon, metres: number, bearingDeg: number): [number, number] {
  const d = metres / EARTH_RADIUS_M;
  const b = bearingDeg * RAD;
  const lat1 = centre.lat * RAD;
  const lon1 = centre.lon * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [lon2 / RAD, lat2 / RAD];
}

/** A circle as a closed polygon ring (MapLibre has no metre-sized circles that scale with zoom). */
export function circleRing(centre: LatLon, radiusMetres: number, steps = CIRCLE_STEPS): Ring {
  const ring: Ring = [];
  for (let i = 0; i < steps; i++) ring.push(destination(centre, radiusMetres, (360 * i) / steps));
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return ring;
}

/** The spec's open x/y ring, closed for GeoJSON; null with fewer than three points. */
export function polygonRing(points: readonly XY[]): Ring | null {
  if (points.length < 3) return null;
  const ring: Ring = points.map((p) => [p.x, p.y]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

/** A POI's outline, or null when its stored shape is unusable. */
export function poiRing(poi: Poi): Ring | null {
  if (poi.mode === 1) {
    const centre = parseCentre(poi.gp);
    return centre && poi.radius && poi.radius > 0 ? circleRing(centre, poi.radius) : null;
  }
  return poi.geo ? polygonRing(poi.geo.points) : null;
}

export interface PoiFeatureProps {
  id: number;
  name: string;
  geofence: boolean;
}

/** The POI shown on the map (showonmap), each a polygon flagged geofence or not. */
export function poiFeatures(pois: readonly Poi[]): FeatureCollection<Polygon, PoiFeatureProps> {
  const features: Feature<Polygon, PoiFeatureProps>[] = [];
  for (const poi of pois) {
    if (!poi.showonmap) continue;
    const ring = poiRing(poi);
    if (!ring) continue;
    features.push({
      type: 'Feature',
      id: poi.id,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { id: poi.id, name: poi.name, geofence: poi.geofence },
    });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The places whose name contains `query` (any case, surrounding spaces ignored), in the given
 * order; all of them for an empty query. The same match as searchpoi?s on the server.
 */
export function placesMatching(places: readonly Poi[], query: string): readonly Poi[] {
  const q = query.trim().toLocaleLowerCase();
  return q ? places.filter((p) => p.name.toLocaleLowerCase().includes(q)) : places;
}

/** [[west, south], [east, north]] around a POI, for the camera. */
export function poiBounds(poi: Poi): [[number, number], [number, number]] | null {
  const ring = poiRing(poi);
  if (!ring) return null;
  const box = polygonBBox(ring.map(([x, y]) => ({ x, y })));
  return box ? [[box.minLon, box.minLat], [box.maxLon, box.maxLat]] : null;
}

/** The map image of a place's name label: the kind picks the colour, so it matches the outline. */
export const poiLabelImageId = (name: string, geofence: boolean) => `poi-label:${geofence ? 'g' : 'p'}:${name}`;

/** What a label image id asks for, or null when it is not a place label. */
export function poiLabelFor(id: string): { name: string; geofence: boolean } | null {
  const match = /^poi-label:([gp]):(.+)$/s.exec(id);
  return match?.[2] ? { name: match[2], geofence: match[1] === 'g' } : null;
}

/** The area centroid of an open x/y ring (shoelace), or the mean of its corners when it has no area. */
function centroid(points: readonly XY[]): [number, number] {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as XY;
    const b = points[(i + 1) % points.length] as XY;
    const cross = a.x * b.y - b.x * a.y;
    area += cross;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
  }
  if (Math.abs(area) < 1e-18) {
    const n = points.length || 1;
    return [points.reduce((t, p) => t + p.x, 0) / n, points.reduce((t, p) => t + p.y, 0) / n];
  }
  return [cx / (3 * area), cy / (3 * area)];
}

/** Where a place's name goes: a circle's centre; a polygon's centroid, or a corner when that falls outside. */
export function poiLabelAnchor(poi: Poi): [number, number] | null {
  if (poi.mode === 1) {
    const centre = parseCentre(poi.gp);
    return centre ? [centre.lon, centre.lat] : null;
  }
  const points = poi.geo?.points ?? [];
  if (points.length < 3) return null;
  const [x, y] = centroid(points);
  if (pointInPolygon({ lat: y, lon: x }, points)) return [x, y];
  const first = points[0] as XY;
  return [first.x, first.y];
}

export interface PoiLabelProps {
  id: number;
  label: string;
}

/** One point per place shown on the map, carrying the image id of its name label. */
export function poiLabelFeatures(pois: readonly Poi[]): FeatureCollection<Point, PoiLabelProps> {
  const features: Feature<Point, PoiLabelProps>[] = [];
  for (const poi of pois) {
    if (!poi.showonmap || !poiRing(poi)) continue;
    const at = poiLabelAnchor(poi);
    if (!at) continue;
    features.push({
      type: 'Feature',
      id: poi.id,
      geometry: { type: 'Point', coordinates: at },
      properties: { id: poi.id, label: poiLabelImageId(poi.name, poi.geofence) },
    });
  }
  return { type: 'FeatureCollection', features };
}
