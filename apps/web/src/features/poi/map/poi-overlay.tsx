import type { GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { usePoiList } from '../api/poi-list.ts';
import { poiBounds, poiFeatures } from '../model/poi-shapes.ts';
import { usePoiState } from '../model/poi-store.ts';
import { GEOFENCE_DASH, POI_COLOURS } from './poi-colours.ts';

const SOURCE = 'poi';
const isGeofence = ['==', ['get', 'geofence'], true] as const;
const colour = ['case', isGeofence, POI_COLOURS.geofence, POI_COLOURS.place] as unknown as string;

const layers: LayerSpecification[] = [
  { id: 'poi-fill', type: 'fill', source: SOURCE, paint: { 'fill-color': colour, 'fill-opacity': 0.14 } },
  {
    id: 'poi-outline',
    type: 'line',
    source: SOURCE,
    filter: ['!', isGeofence] as never,
    paint: { 'line-color': POI_COLOURS.place, 'line-width': 2 },
  },
  {
    id: 'poi-geofence-outline',
    type: 'line',
    source: SOURCE,
    filter: isGeofence as never,
    paint: { 'line-color': POI_COLOURS.geofence, 'line-width': 2.5, 'line-dasharray': GEOFENCE_DASH },
  },
];

/** The first layer above the basemap, so places sit under every vehicle whenever they are added. */
function firstOverlayLayer(ids: string[]): string | undefined {
  return ids.find((id) => !id.startsWith('basemap-') && !id.startsWith('poi-'));
}

/**
 * The site's places (showonmap) as translucent fills with outlines; geofences dashed and in their
 * own colour. Renders nothing: owns the 'poi' source and its layers, and flies to a picked place.
 */
export function PoiOverlay({ siteId }: { siteId: number }) {
  const map = useMap();
  const pois = usePoiList(siteId).data;
  const { visible, focus } = usePoiState();

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const before = firstOverlayLayer(map.getStyle().layers.map((l) => l.id));
    for (const layer of layers) map.addLayer(layer, before);
    return () => removeFromMap(map, layers.map((l) => l.id), SOURCE);
  }, [map]);

  useEffect(() => {
    void map.getSource<GeoJSONSource>(SOURCE)?.setData(poiFeatures(pois ?? []));
  }, [map, pois]);

  useEffect(() => {
    for (const l of layers) map.setLayoutProperty(l.id, 'visibility', visible ? 'visible' : 'none');
  }, [map, visible]);

  // Read at request time: only a new request moves the camera, not a refetch of the list.
  const latest = useRef(pois);
  latest.current = pois;
  useEffect(() => {
    const target = focus && latest.current?.find((p) => p.id === focus.id);
    const bounds = target ? poiBounds(target) : null;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    if (bounds) map.fitBounds(bounds, { padding: 80, maxZoom: 16, duration: still ? 0 : 400 });
  }, [map, focus]);

  return null;
}
