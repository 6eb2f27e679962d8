import type { GeoJSONSourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { MapView } from '../../../shared/map/map-view.tsx';
import classes from './alert-detail.module.css';

const SOURCE = 'alert-point';
const LAYER = 'alert-point';
/** MapLibre paints with colours, not CSS variables: each category's colour (pink is the map's geofence pink). */
const PAINT: Record<string, string> = {
  red: '#e03131', pink: '#c2255c', indigo: '#3b5bdb', grape: '#9c36b5', cyan: '#0c8599', blue: '#1971c2',
};

/** Close enough to see the streets around it on a basemap that has them. */
const ZOOM = 13;

/** The alert's spot: a dot in the category's colour (a Mantine colour name), the map centred on it. Renders nothing itself. */
function AlertPoint({ lat, lon, color }: { lat: number; lon: number; color: string }) {
  const map = useMap();
  useEffect(() => {
    map.jumpTo({ center: [lon, lat], zoom: ZOOM });
    const data: GeoJSONSourceSpecification['data'] = { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: {} };
    map.addSource(SOURCE, { type: 'geojson', data });
    map.addLayer({
      id: LAYER, type: 'circle', source: SOURCE,
      paint: { 'circle-radius': 8, 'circle-color': PAINT[color] ?? '#e03131', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
    });
    return () => removeFromMap(map, [LAYER], SOURCE);
  }, [map, lat, lon, color]);
  return null;
}

/** Whether a record has a real position to show (the server's 0, 0 means none). */
export function hasPosition(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
}

/** A small map of where an alert happened, on the shared map (its engine loads only when a detail opens). */
export function AlertMap({ lat, lon, color }: { lat: number; lon: number; color: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.thumb}>
      <MapView label={t('alertList.mapLabel')}>
        <AlertPoint lat={lat} lon={lon} color={color} />
      </MapView>
    </div>
  );
}
