import { type LatLon, type Poi, parseCentre, polygonBBox, type XY } from '@fleet/shared';
import type { Feature, FeatureCollection, Polygon } from 'geojson';

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

/** [[west, south], [east, north]] around a POI, for the camera. */
export function poiBounds(poi: Poi): [[number, number], [number, number]] | null {
  const ring = poiRing(poi);
  if (!ring) return null;
  const box = polygonBBox(ring.map(([x, y]) => ({ x, y })));
  return box ? [[box.minLon, box.minLat], [box.maxLon, box.maxLat]] : null;
}
