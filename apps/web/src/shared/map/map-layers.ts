import type { Map as MapLibreMap } from 'maplibre-gl';

/** Takes an overlay's layers and source off the map; quiet when the map is already gone. */
export function removeFromMap(map: MapLibreMap, layerIds: readonly string[], sourceId?: string): void {
  try {
    for (const id of layerIds) if (map.getLayer(id)) map.removeLayer(id);
    if (sourceId && map.getSource(sourceId)) map.removeSource(sourceId);
  } catch {
    // The map was removed first: nothing left to clean.
  }
}
