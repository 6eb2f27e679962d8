import { GeofenceIndex } from '../geofence/geofence-index.ts';
import { placeText } from '../places/gazetteer.ts';

interface PlaceRow { name: string; mode: number; lat: number | null; lon: number | null; radius: number | null; points: unknown }

/**
 * The name of the first of `places` (in the order given) that contains a position, or undefined.
 * The places go into the geofence engine's R-tree once, so each lookup costs O(log n + hits):
 * a 10,000-vehicle answer on a site with 10,000 places stays quick.
 */
export function poiFinder(places: readonly PlaceRow[]): (lat: number, lon: number) => string | undefined {
  const index = new GeofenceIndex(
    places.map((p, i) => ({
      id: i, siteId: 0, mode: p.mode, lat: p.lat, lon: p.lon, radius: p.radius,
      points: Array.isArray(p.points) ? (p.points as { x: number; y: number }[]) : null,
    })),
  );
  return (lat, lon) => {
    const first = index.match(0, lat, lon)[0];
    return first === undefined ? undefined : places[first]?.name;
  };
}

/** Location text for positions on one site: 'At {POI}' inside one of its POI, else the nearest town. */
export function placeFinder(places: readonly PlaceRow[]): (lat: number, lon: number) => string {
  const poiAt = poiFinder(places);
  return (lat, lon) => {
    const poi = poiAt(lat, lon);
    return poi ? `At ${poi}` : placeText(lat, lon);
  };
}
