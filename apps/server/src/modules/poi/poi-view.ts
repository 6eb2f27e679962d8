import type { Poi } from '@fleet/shared';
import type { PoiRow } from './poi.repository.ts';

/** A stored place as every POI answer carries it (poi, searchpoi, getgeofence): the one builder. */
export function poiView(p: PoiRow): Poi {
  return {
    id: p.id,
    name: p.name,
    mode: p.mode === 2 ? 2 : 1,
    gp: p.lat != null && p.lon != null ? `${p.lat},${p.lon}` : null,
    radius: p.radius,
    geo: p.mode === 2 && Array.isArray(p.points) ? { points: p.points } : null,
    showonmap: p.show_on_map,
    geofence: p.is_geofence,
  };
}
