import { inCircle, pointInPolygon } from '@fleet/shared';
import { placeText } from '../places/gazetteer.ts';

interface PlaceRow { name: string; mode: number; lat: number | null; lon: number | null; radius: number | null; points: unknown }

/** The name of the first of `places` that contains a position, or undefined. */
export function poiFinder(places: PlaceRow[]): (lat: number, lon: number) => string | undefined {
  const shapes = places.map((p) => ({
    name: p.name,
    contains: (lat: number, lon: number) => p.mode === 1
      ? p.lat != null && p.lon != null && p.radius != null && inCircle({ lat, lon }, { lat: p.lat, lon: p.lon, radiusMetres: p.radius })
      : Array.isArray(p.points) && pointInPolygon({ lat, lon }, p.points as { x: number; y: number }[]),
  }));
  return (lat, lon) => shapes.find((s) => s.contains(lat, lon))?.name;
}

/** Location text for positions on one site: 'At {POI}' inside one of its POI, else the nearest town. */
export function placeFinder(places: PlaceRow[]): (lat: number, lon: number) => string {
  const poiAt = poiFinder(places);
  return (lat, lon) => {
    const poi = poiAt(lat, lon);
    return poi ? `At ${poi}` : placeText(lat, lon);
  };
}
