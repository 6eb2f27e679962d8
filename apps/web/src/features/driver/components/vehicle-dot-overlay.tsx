import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';

const SOURCE = 'driver-vehicle';
const LAYERS = ['driver-vehicle-halo', 'driver-vehicle-dot'];

/** The driver's vehicle on the map: a large dark dot with a white ring (readable in sunlight). */
export function VehicleDotOverlay({ lat, lon }: { lat: number; lon: number }) {
  const map = useMap();
  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: LAYERS[0]!, type: 'circle', source: SOURCE, paint: { 'circle-radius': 16, 'circle-color': '#ffffff', 'circle-opacity': 0.9 } });
    map.addLayer({ id: LAYERS[1]!, type: 'circle', source: SOURCE, paint: { 'circle-radius': 11, 'circle-color': '#111111', 'circle-stroke-color': '#1c7ed6', 'circle-stroke-width': 3 } });
    return () => removeFromMap(map, LAYERS, SOURCE);
  }, [map]);
  useEffect(() => {
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [lon, lat] } }],
    });
  }, [map, lat, lon]);
  return null;
}
